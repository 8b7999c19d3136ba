import type { Driver } from "../src/transport/driver.ts";
import { appliesTo, type Property } from "../src/models/property.ts";
import { checkProperty, type RunObserver } from "../src/models/run.ts";
import { PROPERTIES } from "../properties/index.ts";
import { reportOn, type Implementation } from "../src/reports/build.ts";
import { enumerateCases } from "../src/engine/exhaustive.ts";
import type { ExhaustiveCase } from "../src/models/exhaustive-case.ts";
import { caseReport, judgeCase, type CaseVerdict } from "../src/engine/judge-case.ts";
import type { CorpusVerdict, Phase, PropertyTally, WorkerEvent, WorkerPlan, WorkerResult } from "./messages.ts";
import { replaysOn } from "../src/engine/corpus.ts";
import { replayEntry } from "../src/engine/replay-entry.ts";
import { roundSeed } from "./seeds.ts";
import { nthItem, owns, type Slot } from "./shard.ts";

export interface WorkerControl {
  /** True once the campaign is stopping (Ctrl-C): the request in flight is abandoned; return what is done. */
  readonly stopped: () => boolean;
  /** Properties a counterexample is already known for, by any worker: no more random rounds for them. */
  readonly failed: ReadonlySet<string>;
  emit(event: WorkerEvent): void;
}

/** How often a worker reports its counts: often enough for a live line, rarely enough to cost nothing. */
const PROGRESS_MS = 100;

/**
 * One worker's share of a campaign, against a driver it owns: its corpus entries first, then its exhaustive
 * cases, then random rounds until the budget is spent, the stop, or no property is left without a counterexample.
 * Runs the same in a worker thread (thread.ts) and in the caller's thread (tests).
 */
export async function runWorker(plan: WorkerPlan, driver: Driver, control: WorkerControl): Promise<WorkerResult> {
  const implementation: Implementation = { name: driver.name, capabilities: driver.capabilities, target: plan.target };
  const properties = PROPERTIES.filter(
    (property) => (plan.only === undefined || plan.only.includes(property.id)) && appliesTo(property, plan.level, driver.capabilities),
  );
  const tallies: Record<string, PropertyTally> = Object.fromEntries(properties.map((property) => [property.id, { runs: 0, requests: 0, ms: 0, rounds: 0 }]));
  const progress = progressReporter(control);
  const context = { plan, driver, control, implementation, properties, tallies, progress };
  const corpus = await replayCorpus(context);
  const exhaustive = await runExhaustive(context);
  const random = await runRandom(context);
  progress.flush();
  return { worker: plan.slot.worker, properties: tallies, corpus, exhaustive, random, stopped: control.stopped() };
}

interface Context {
  readonly plan: WorkerPlan;
  readonly driver: Driver;
  readonly control: WorkerControl;
  readonly implementation: Implementation;
  readonly properties: readonly Property[];
  readonly tallies: Record<string, PropertyTally>;
  readonly progress: ReturnType<typeof progressReporter>;
}

async function replayCorpus({ plan, driver, control, implementation, properties, tallies, progress }: Context): Promise<CorpusVerdict[]> {
  const verdicts: CorpusVerdict[] = [];
  for (const [index, entry] of plan.corpus.entries()) {
    if (!owns(plan.slot, index) || !replaysOn(entry, plan.target, driver.name) || control.stopped()) continue;
    const property = entry.report.checked_property;
    const started = performance.now();
    const outcome = await replayEntry(driver, entry, { properties, level: plan.level, implementation, outDir: plan.outDir }).catch(unlessStopped(control));
    if (outcome === null || control.stopped()) break;
    const tally = tallies[property];
    if (tally !== undefined && "requests" in outcome) {
      tally.runs++;
      tally.requests += outcome.requests;
      tally.ms += performance.now() - started;
      progress.add("corpus", 1, outcome.requests, 0);
    }
    const detail = outcome.verdict === "skipped" ? outcome.reason : outcome.verdict === "error" ? outcome.message : undefined;
    verdicts.push({ file: entry.file, property, verdict: outcome.verdict, ...(detail === undefined ? {} : { detail }) });
    if (outcome.verdict === "still-fails")
      control.emit({ type: "found", found: { phase: "corpus", property, order: index, report: outcome.report, corpusFile: entry.file } });
  }
  return verdicts;
}

/**
 * Cases judged at once against an adapter in its own process (`driver.concurrent`): enough to keep a
 * pipelining adapter's queue full while this thread stages and judges the next ones.
 */
const CASES_IN_FLIGHT = 16;

async function runExhaustive({ plan, driver, control, implementation, properties, progress }: Context): Promise<WorkerResult["exhaustive"]> {
  const started = performance.now();
  let cases = 0;
  let requests = 0;
  if (plan.exhaustive === 0 || properties.length === 0) return { cases, requests, exhausted: plan.exhaustive === 0, ms: 0 };
  // Only the first failing case per property is reported, but every case is judged by every property: the
  // lowest failing index per property then does not depend on how the cases were split between workers.
  // Verdicts are taken in index order however many cases are in flight, for the same reason.
  const reported = new Set<string>();
  const inFlight: { index: number; testCase: ExhaustiveCase; verdict: Promise<CaseVerdict | null> }[] = [];
  const depth = driver.concurrent === true ? CASES_IN_FLIGHT : 1;
  const take = async (): Promise<boolean> => {
    const { index, testCase, verdict: pending } = inFlight.shift() as (typeof inFlight)[number];
    const verdict = await pending;
    if (verdict === null) return false;
    cases++;
    requests += verdict.requests;
    progress.add("exhaustive", 0, verdict.requests, 1);
    for (const [property, violation] of verdict.violations) {
      if (reported.has(property)) continue;
      reported.add(property);
      const report = await caseReport({
        property,
        violation,
        testCase,
        index,
        level: plan.level,
        implementation,
        requests: verdict.requests,
        outDir: plan.outDir,
      });
      control.emit({ type: "found", found: { phase: "exhaustive", property, order: index, report } });
    }
    return true;
  };
  const cut = () => ({ cases, requests, exhausted: false, ms: performance.now() - started });
  let index = -1;
  for (const testCase of enumerateCases(plan.exhaustive, driver.capabilities)) {
    index++;
    if (!owns(plan.slot, index)) continue;
    if (control.stopped()) return cut();
    const verdict = judgeCase(driver, testCase, properties, plan.level).catch(unlessStopped(control));
    // Taken in order below; until then a rejection must not count as unhandled.
    verdict.catch(() => {});
    inFlight.push({ index, testCase, verdict });
    if (inFlight.length >= depth && !(await take())) return cut();
  }
  while (inFlight.length > 0) if (!(await take())) return cut();
  return { cases, requests, exhausted: true, ms: performance.now() - started };
}

async function runRandom(context: Context): Promise<WorkerResult["random"]> {
  const { plan, driver, control, properties } = context;
  // One clock for the deadline and for the time reported, so "spent the budget" is exact.
  const started = performance.now();
  const deadline = started + plan.budgetMs;
  const spent: Spent = { runs: 0, requests: 0, cut: false };
  const over = () => control.stopped() || spent.cut || performance.now() >= deadline;
  const live = (property: Property) => !over() && !control.failed.has(property.id);
  // Rounds are numbered over the whole campaign, so a limit on them means the same rounds however it is split.
  const inLimit = (j: number) => plan.maxRounds === undefined || nthItem(plan.slot, j) < plan.maxRounds;
  const round = (property: Property, j: number) => randomRound(context, property, nthItem(plan.slot, j), deadline, spent);
  if (driver.concurrent === true) {
    // The adapter runs in its own process: every property rounds on its own, side by side, so the adapter
    // answers one property's requests while this thread generates and checks another's, and no property
    // waits at the end of a sweep for the slowest one (deterministic asks everything twice).
    await Promise.all(
      sweepOrder(properties, plan.slot).map(async (property) => {
        for (let j = 0; live(property) && inLimit(j); j++) if (!(await round(property, j))) return;
      }),
    );
  } else {
    // In one thread side by side gains nothing: sweep the properties round-robin, so a short budget still
    // gives each of them rounds.
    const halted = new Set<string>();
    for (let j = 0; !over() && inLimit(j); j++) {
      const active = properties.filter((property) => !control.failed.has(property.id) && !halted.has(property.id));
      if (active.length === 0) break;
      for (const property of sweepOrder(active, plan.slot)) {
        if (over()) break;
        if (control.failed.has(property.id)) continue;
        if (!(await round(property, j))) halted.add(property.id);
      }
    }
  }
  return { runs: spent.runs, requests: spent.requests, ms: performance.now() - started };
}

interface Spent {
  runs: number;
  requests: number;
  /**
   * A round came back cut by its time limit: the budget is spent, whatever this thread's clock says (a
   * timer may fire a millisecond before the deadline it was set for).
   */
  cut: boolean;
}

/**
 * Every fourth round of a property draws big windows (hundreds to thousands of spans, see
 * bigWindowCommandArbs): from a campaign's second round on it meets real context sizes. Such a round
 * makes a tenth of the runs, since one of them costs about a hundred small ones: a big round then takes
 * about as long as the others.
 */
export function bigWindowRound(round: number): boolean {
  return round % 4 === 1;
}

/**
 * One random round of one property: checked, tallied, and its counterexample reported. False when the
 * property is done for this worker (a counterexample, a harness error) or the campaign is stopping.
 */
async function randomRound(
  { plan, driver, control, implementation, tallies, progress }: Context,
  property: Property,
  round: number,
  deadline: number,
  spent: Spent,
): Promise<boolean> {
  const seed = roundSeed(plan.seed, property.id, round);
  const observer = liveRound(progress);
  const big = bigWindowRound(round);
  const numRuns = big ? Math.ceil(plan.roundRuns / 10) : plan.roundRuns;
  const result = await checkProperty(driver, property, {
    level: plan.level,
    numRuns,
    seed,
    ...(big ? { bigWindows: true } : {}),
    timeLimitMs: Math.max(1, Math.ceil(deadline - performance.now())),
    observer,
  });
  const tally = tallies[property.id] as PropertyTally;
  tally.runs += result.runs;
  tally.requests += result.requests;
  tally.ms += result.ms;
  tally.rounds++;
  spent.runs += result.runs;
  spent.requests += result.requests;
  if (result.status === "interrupted") spent.cut = true;
  // After a stop the driver refuses to send and the adapter is killed: the round's verdict is no verdict.
  if (control.stopped()) return false;
  if (result.status === "failed") {
    const report = await reportOn(result, implementation, { outDir: plan.outDir });
    control.emit({ type: "found", found: { phase: "random", property: property.id, order: round, report, roundSeed: seed } });
    return false;
  }
  if (result.status === "error") {
    tally.error = result.error instanceof Error ? result.error.message : String(result.error);
    return false;
  }
  return true;
}

/** Each worker starts its sweep at a different property, so a short budget still reaches them all. */
export function sweepOrder<T>(active: readonly T[], slot: Slot): T[] {
  const offset = slot.worker * Math.ceil(active.length / slot.workers);
  return [...active.slice(offset), ...active.slice(0, offset)];
}

/** Once the campaign stops, the driver fails every request: that ends the phase, it is not an error. */
function unlessStopped(control: WorkerControl) {
  return (error: unknown): null => {
    if (control.stopped()) return null;
    throw error;
  };
}

/**
 * Counts a round as it goes, so the live line moves during a round against a slow adapter (100 runs can take
 * minutes), then settles on the round's own counts, which the summary reports.
 */
function liveRound(progress: ReturnType<typeof progressReporter>): RunObserver {
  let runs = 0;
  let requests = 0;
  return {
    sent() {
      requests++;
      progress.add("random", 0, 1, 0);
    },
    ran() {
      runs++;
      progress.add("random", 1, 0, 0);
    },
    settled(result) {
      progress.add("random", result.runs - runs, result.requests - requests, 0);
    },
  };
}

/** Sums counts and sends them as deltas at most every PROGRESS_MS. */
function progressReporter(control: WorkerControl) {
  let pending = { runs: 0, requests: 0, cases: 0 };
  let phase: Phase = "corpus";
  let last = 0;
  const flush = () => {
    if (pending.runs + pending.requests + pending.cases === 0) return;
    control.emit({ type: "progress", phase, ...pending });
    pending = { runs: 0, requests: 0, cases: 0 };
    last = performance.now();
  };
  return {
    add(now: Phase, runs: number, requests: number, cases: number) {
      if (now !== phase) flush();
      phase = now;
      pending = { runs: pending.runs + runs, requests: pending.requests + requests, cases: pending.cases + cases };
      if (performance.now() - last >= PROGRESS_MS) flush();
    },
    flush,
  };
}
