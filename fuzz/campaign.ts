import { Worker } from "node:worker_threads";
import type { Level } from "../src/models/property.ts";
import type { Target } from "../src/reports/report.ts";
import type { Io } from "../src/console/io.ts";
import type { Capability } from "../src/wire/protocol.ts";
import { MAX_TIMER_MS } from "../src/transport/max-timer.ts";
import { loadCorpus, replaysOn, sameTarget } from "../src/engine/corpus.ts";
import { reviveError, serializeError } from "../src/errors/serialized.ts";
import type { CampaignCommand, Found, SerializedError, WorkerEvent, WorkerPlan, WorkerResult } from "./messages.ts";
import { Progress } from "./progress.ts";
import { recordCampaign } from "./record.ts";
import { DEFAULT_ROUND_RUNS } from "./seeds.ts";
import type { Shard } from "./shard.ts";
import type { FuzzSummary } from "./summary.ts";
import { HarnessError } from "../src/errors/harness.ts";
import { moduleEntry } from "../src/runtime/module-entry.ts";
import { removeEarlierReports } from "../src/reports/write.ts";

export interface CampaignOptions {
  readonly target: Target;
  readonly timeoutMs: number;
  readonly level: Level;
  /** Property ids to check (all when absent); already validated. */
  readonly only?: readonly string[];
  readonly budgetMs: number;
  readonly workers: number;
  readonly shard: Shard;
  readonly seed: number;
  readonly outDir: string;
  readonly corpusDir: string;
  readonly exhaustive: number;
  /** fast-check runs per random round (default 100). */
  readonly roundRuns?: number;
  /** Random rounds per property, when limited (see WorkerPlan.maxRounds). */
  readonly maxRounds?: number;
  readonly junit?: string;
}

/** How long stopped workers get to finish their request in flight before they are terminated. */
const STOP_GRACE_MS = 3000;

/** What the campaign heard from its workers, as it heard it. */
export interface Heard {
  ready: { name: string; capabilities: readonly Capability[] } | null;
  readonly results: WorkerResult[];
  /** Per checked property, the counterexample to report: corpus before exhaustive before random, then lowest order. */
  readonly best: Map<string, Found>;
  /** Per checked property, the lowest failing exhaustive case. */
  readonly firstCase: Map<string, Found>;
  fatal: SerializedError | null;
}

/**
 * A time-budgeted campaign over worker threads, each with its own driver: corpus replay, the bounded-
 * exhaustive phase, then random rounds until the budget is spent, every property has a counterexample, or
 * `signal` aborts (then workers abandon the request in flight and everything found so far is still written).
 */
export async function runCampaign(options: CampaignOptions, io: Io, signal?: AbortSignal): Promise<FuzzSummary> {
  const started = Date.now();
  // The folder's reports are this campaign's only, as for run (removeEarlierReports); the corpus is kept.
  await removeEarlierReports(options.outDir);
  const corpus = await loadCorpus(options.corpusDir);
  for (const { file, reason } of corpus.skipped) io.error(`prunecheck fuzz: corpus: skipping ${file}: ${reason}`);
  // A recorded entry replays on an implementation of the name it was recorded from, which only the workers'
  // drivers know: they keep those (replaysOn); the rest are this target's.
  const entries = corpus.entries.filter(
    (entry) => entry.report.implementation.target.kind === "recorded" || sameTarget(entry.report.implementation.target, options.target),
  );
  const plan = (worker: number): WorkerPlan => ({
    target: options.target,
    timeoutMs: options.timeoutMs,
    level: options.level,
    ...(options.only === undefined ? {} : { only: options.only }),
    seed: options.seed,
    slot: { shard: options.shard, workers: options.workers, worker },
    budgetMs: options.budgetMs,
    exhaustive: options.exhaustive,
    roundRuns: options.roundRuns ?? DEFAULT_ROUND_RUNS,
    ...(options.maxRounds === undefined ? {} : { maxRounds: options.maxRounds }),
    corpus: entries,
    outDir: options.outDir,
  });
  const heard: Heard = { ready: null, results: [], best: new Map(), firstCase: new Map(), fatal: null };
  const progress = new Progress(io, options);
  const workers = [...Array(options.workers).keys()].map((index) => new Worker(moduleEntry(import.meta.url, "thread"), { workerData: plan(index) }));
  const broadcast = (command: CampaignCommand) => workers.forEach((worker) => worker.postMessage(command));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    broadcast({ type: "stop" });
    setTimeout(() => workers.forEach((worker) => void worker.terminate()), Math.min(options.timeoutMs + STOP_GRACE_MS, MAX_TIMER_MS)).unref();
  };
  const onAbort = () => stop();
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) stop();
  const handle = (event: WorkerEvent) => {
    switch (event.type) {
      case "ready":
        if (heard.ready !== null) return;
        heard.ready = { name: event.name, capabilities: event.capabilities };
        return progress.start(heard.ready, entries.filter((entry) => replaysOn(entry, options.target, event.name)).length);
      case "progress":
        return progress.add(event);
      case "found":
        if (!heard.best.has(event.found.property)) broadcast({ type: "failed", property: event.found.property });
        keepBest(heard.best, event.found);
        if (event.found.phase === "exhaustive") keepBest(heard.firstCase, event.found);
        progress.violations = heard.best.size;
        return;
      case "done":
        heard.results.push(event.result);
        return;
      case "fatal":
        heard.fatal ??= event.error;
        return stop();
    }
  };
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.on("message", handle);
            worker.on("error", (error) => handle({ type: "fatal", error: serializeError(error) }));
            worker.once("exit", () => resolve());
          }),
      ),
    );
  } finally {
    signal?.removeEventListener("abort", onAbort);
    progress.stop();
  }
  const interrupted = signal?.aborted ?? false;
  // A worker that could not start is the campaign's failure, unless Ctrl-C is why it could not.
  if (heard.fatal !== null && !interrupted) throw reviveError(heard.fatal, "a fuzz worker");
  if (!interrupted && heard.results.length < options.workers)
    throw new HarnessError("worker_failed", "a fuzz worker exited without its result; this is a bug in prunecheck");
  return recordCampaign({ options, heard, started, interrupted }, io);
}

const PHASE_RANK = { corpus: 0, exhaustive: 1, random: 2 } as const;

function keepBest(best: Map<string, Found>, found: Found): void {
  const current = best.get(found.property);
  const better = current === undefined || PHASE_RANK[found.phase] < PHASE_RANK[current.phase] || (found.phase === current.phase && found.order < current.order);
  if (better) best.set(found.property, found);
}
