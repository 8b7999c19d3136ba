/**
 * What playing the model costs the harness (issue 32), per model call, as ratios against a bare call.
 *
 * In process: a model-driven compaction of the reference (`compactWithModel`, two model calls: choose, then
 * summarize) with a bare model that hands back fixed answers, against the same compaction with the harness's
 * scripted model (generating each answer from the window, recording it), and through the in-process driver
 * (that, plus validating the returned window). Over stdio: a request to an adapter that makes N model calls
 * before it answers (test/fixtures/adapters/model-caller.mjs), against the same request with none: each call
 * is a line out and a line back, which the driver reads, answers and records.
 */
import { fileURLToPath } from "node:url";
import type { Model } from "../src/llm/model.ts";
import { scriptedModel } from "../src/llm/scripted-model.ts";
import { compactWithModel, referenceModelPruner } from "../src/reference/index.ts";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { openStdioDriver } from "../src/transport/stdio.ts";
import type { Driver } from "../src/transport/driver.ts";
import { windowSize } from "../src/wire/budget.ts";
import type { OperationCall } from "../src/wire/protocol.ts";
import type { Span, Store, Window } from "../src/wire/window.ts";
import { compare, median, pairedRatio, interleave } from "./measure.ts";

export interface ModelCallsResult {
  readonly spans: number;
  /** Model calls the compaction makes. */
  readonly callsPerRequest: number;
  /** Microseconds of one bare model-driven compaction (CPU). */
  readonly bareUs: number;
  /** The scripted model / a bare model, for the whole compaction. */
  readonly scriptedRatio: number;
  /** The in-process driver with the scripted model / a bare compaction. */
  readonly driverRatio: number;
  /** What the scripted model adds per call, in microseconds. */
  readonly scriptedUsPerCall: number;
  readonly stdio: {
    readonly calls: number;
    /** Milliseconds of one request with no model call (wall). */
    readonly bareMs: number;
    /** Milliseconds one model call adds to a request. */
    readonly msPerCall: number;
    /** One model call / one bare request round trip. */
    readonly ratioPerCall: number;
  };
}

const FIXTURE = fileURLToPath(new URL("../test/fixtures/adapters/model-caller.mjs", import.meta.url));

/** A window of `count` copied spans of tool output, every fourth a constraint, over a budget that a summary meets. */
function fixture(count: number): { window: Window; store: Store; budget: { unit: "chars"; limit: number } } {
  const store: Store = {};
  const spans: Span[] = Array.from({ length: count }, (_, index) => {
    const text = `${index % 4 === 0 ? "users.email: VARCHAR(255) NOT NULL UNIQUE" : "ran the migration on staging; 1,204 rows touched"} (#${index})`;
    store[`k${index}`] = text;
    return { span_id: `s${index}`, text, tags: index % 4 === 0 ? ["constraint"] : [], externalized_key: `k${index}` };
  });
  const window = { spans, derivation_depth: 0 };
  return { window, store, budget: { unit: "chars", limit: Math.floor(windowSize(window, "chars") * 0.75) } };
}

/** The model with nothing of the harness's: answers computed once, handed back as they are. */
function bareModel(window: Window): Model {
  const ordinary = window.spans.filter((span) => span.tags.length === 0).map((span) => span.span_id);
  const summary = { text: "migrations ran on staging; rows touched" };
  return { choose: async () => ordinary, summarize: async () => summary };
}

export async function benchModelCalls(options: {
  readonly spans: number;
  readonly rounds: number;
  readonly stdioRequests: number;
  readonly calls: number;
}): Promise<ModelCallsResult> {
  const { window, store, budget } = fixture(options.spans);
  const bare = bareModel(window);
  const driver = inProcessDriver(referenceModelPruner);
  const call: OperationCall = { op: "compact", window, store, budget };
  const callsPerRequest = (await driver.send(call)).model?.length ?? 0;
  const comparison = await compare(
    () => compactWithModel(window, store, budget, bare),
    {
      scripted: () => compactWithModel(window, store, budget, scriptedModel([], window).model),
      driver: () => driver.send(call),
    },
    { clock: "cpu", warmup: 2, rounds: options.rounds, minSampleMs: 100 },
  );
  const bareMs = median(comparison.scripted.baseline);
  const scriptedMs = median(comparison.scripted.samples);
  return {
    spans: options.spans,
    callsPerRequest,
    bareUs: bareMs * 1000,
    scriptedRatio: comparison.scripted.ratio,
    driverRatio: comparison.driver.ratio,
    scriptedUsPerCall: ((scriptedMs - bareMs) * 1000) / callsPerRequest,
    stdio: await benchStdioCalls(window, store, budget, options),
  };
}

/** Wall time per request to the fixture adapter with `calls` model calls and with none, interleaved. */
async function benchStdioCalls(
  window: Window,
  store: Store,
  budget: { unit: "chars"; limit: number },
  options: { readonly rounds: number; readonly stdioRequests: number; readonly calls: number },
) {
  const open = (calls: number) => openStdioDriver({ command: `"${process.execPath}" "${FIXTURE}" --calls ${calls}`, timeoutMs: 10_000 });
  const [none, some] = await Promise.all([open(0), open(options.calls)]);
  const call: OperationCall = { op: "compact", window, store, budget };
  const batch = (driver: Driver) => async () => {
    for (let n = 0; n < options.stdioRequests; n++) await driver.send(call);
  };
  try {
    await batch(none)();
    await batch(some)();
    const samples = await interleave({ none: batch(none), some: batch(some) }, options.rounds, "wall");
    const bareMs = median(samples.none) / options.stdioRequests;
    const withCallsMs = median(samples.some) / options.stdioRequests;
    const msPerCall = (withCallsMs - bareMs) / options.calls;
    const ratio = (pairedRatio(samples.some, samples.none) - 1) / options.calls;
    return { calls: options.calls, bareMs, msPerCall, ratioPerCall: ratio };
  } finally {
    await Promise.all([none.close(), some.close()]);
  }
}
