/**
 * In-process throughput and harness overhead against the reference. Requests are recorded once from
 * generated scenarios (with the truth the harness held at each), then replayed two ways on the same
 * inputs: straight into the reference functions, and through Harness.exchange for each property (driver,
 * input copy, output validation, property check, model update).
 */
import fc from "fast-check";
import type { Driver } from "../src/transport/driver.ts";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { Harness } from "../src/models/harness.ts";
import type { Property } from "../src/models/property.ts";
import { checkProperty, runScenario } from "../src/models/run.ts";
import { scenarioArb } from "../src/models/scenario.ts";
import type { Truth } from "../src/models/truth.ts";
import type { World } from "../src/models/world.ts";
import { compact, prune, referencePruner, reground, summarize } from "../src/reference/index.ts";
import type { OperationCall, Outcome } from "../src/wire/protocol.ts";
import { PROPERTIES } from "../properties/index.ts";
import { compare, median } from "./measure.ts";
import type { Comparison } from "./measure.ts";

interface Recorded {
  readonly label: string;
  readonly call: OperationCall;
  /** The harness's truth when the request was made (facts are immutable, so a shallow copy is a snapshot). */
  readonly truth: Truth;
}

export interface InProcessOptions {
  readonly seed: number;
  readonly scenarios: number;
  readonly rounds: number;
  /** Runs per property for the end-to-end figure (generation and environment commands included). */
  readonly endToEndRuns: number;
}

export interface PropertyRow {
  readonly property: string;
  /** Checked operations per second through the harness. */
  readonly opsPerSecond: number;
  /** Time per checked op / time per bare reference call, paired within rounds. */
  readonly overhead: number;
  /** Calls into the pruner per checked op: more than one for a property that probes (deterministic asks twice). */
  readonly callsPerOp: number;
}

/** The harness path taken apart, each part timed against bare calls like a property. */
export interface Breakdown {
  /** `driver.send` alone: the call, the promises, the zod validation of the returned Window. */
  readonly driver: number;
  /** Harness.exchange with a check that finds nothing, the driver trusted not to need a copy. */
  readonly harnessWithoutCopy: number;
  /** Harness.exchange with a check that finds nothing: the floor every property starts from. */
  readonly harness: number;
}

export interface InProcessResult {
  readonly scenarios: number;
  readonly requests: number;
  /** Per CPU-second, like every in-process rate. */
  readonly bareOpsPerSecond: number;
  readonly breakdown: Breakdown;
  readonly properties: readonly PropertyRow[];
  /** The mean of the properties' overheads: a run's cost per request over a bare call, averaged over the catalog. */
  readonly suiteOverhead: number;
  readonly endToEnd: { readonly runs: number; readonly requests: number; readonly requestsPerSecond: number };
}

/** Records in the harness's own way, so the calls are exactly what commands build, truth and all. */
class RecordingHarness extends Harness {
  readonly recorded: Recorded[] = [];

  override async exchange(world: World, label: string, call: OperationCall): Promise<Outcome> {
    this.recorded.push({ label, call: structuredClone(call), truth: new Map(world.truth) });
    return super.exchange(world, label, call);
  }
}

const NO_CHECK: Property = { id: "no-check", level: "core", requires: [], title: "finds nothing", quote: "", check: () => null };

/**
 * Each sample runs its variant for at least this long. Long enough that the garbage a variant makes is
 * collected within its own samples: with short samples a collection often falls outside the sample that
 * caused it, and the allocating side (the harness) looks cheaper than it is.
 */
const SAMPLE_MS = 100;

async function recordScenarios(seed: number, scenarios: number): Promise<Recorded[][]> {
  const driver = inProcessDriver(referencePruner);
  const recorded: Recorded[][] = [];
  for (const scenario of fc.sample(scenarioArb(), { numRuns: scenarios, seed })) {
    const harness = new RecordingHarness(driver, [NO_CHECK], "strict");
    await runScenario(driver, harness, scenario);
    recorded.push(harness.recorded);
  }
  return recorded;
}

/** One bare reference call per recorded request; a refusal is a thrown error, as the reference answers. */
function bareCalls(requests: readonly Recorded[]): void {
  for (const { call } of requests) {
    try {
      switch (call.op) {
        case "prune":
          prune(call.window, call.evict_ids, call.store);
          break;
        case "summarize":
          summarize(call.window, call.span_ids, call.summary_id, call.summary_text ?? "", call.store);
          break;
        case "reground":
          reground(call.window, call.store);
          break;
        case "compact":
          compact(call.window, call.store, call.budget);
          break;
      }
    } catch {
      // A refusal is an answer like any other.
    }
  }
}

/** Every recorded request through the in-process driver alone. */
async function driverCalls(requests: readonly Recorded[]): Promise<void> {
  const driver = inProcessDriver(referencePruner);
  for (const { call } of requests) await driver.send(call);
}

/** How many times the harness calls the pruner per recorded request when checking `property`. */
async function callsPerOp(property: Property, scenarios: readonly Recorded[][]): Promise<number> {
  const driver = inProcessDriver(referencePruner);
  let calls = 0;
  await harnessCalls(property, scenarios, { ...driver, send: (call) => (calls++, driver.send(call)) });
  return calls / scenarios.flat().length;
}

/** Every recorded request through the harness for one property, a fresh harness per scenario as a run has. */
async function harnessCalls(property: Property, scenarios: readonly Recorded[][], driver: Driver = inProcessDriver(referencePruner)): Promise<void> {
  for (const requests of scenarios) {
    const harness = new Harness(driver, [property], "strict");
    for (const { label, call, truth } of requests) {
      const world = { truth, window: call.window } as unknown as World;
      await harness.exchange(world, label, call);
    }
  }
}

/** Variant names that cannot collide with a property id. */
const BREAKDOWN = { driver: "(driver)", harnessWithoutCopy: "(harness without copy)", harness: "(harness)" } as const;

export async function benchInProcess(options: InProcessOptions): Promise<InProcessResult> {
  const scenarios = await recordScenarios(options.seed, options.scenarios);
  const requests = scenarios.flat();
  // Only for taking the floor apart: the reference never touches its arguments, so it needs no copy.
  const trusted: Driver = { ...inProcessDriver(referencePruner), isolatesInputs: true };
  const variants: Record<string, () => unknown> = {
    [BREAKDOWN.driver]: () => driverCalls(requests),
    [BREAKDOWN.harnessWithoutCopy]: () => harnessCalls(NO_CHECK, scenarios, trusted),
    [BREAKDOWN.harness]: () => harnessCalls(NO_CHECK, scenarios),
  };
  for (const property of PROPERTIES) variants[property.id] = () => harnessCalls(property, scenarios);
  const compared = await compare(() => bareCalls(requests), variants, { clock: "cpu", warmup: 2, rounds: options.rounds, minSampleMs: SAMPLE_MS });
  const ratio = (name: string) => (compared[name] as Comparison).ratio;
  const properties: PropertyRow[] = [];
  for (const property of PROPERTIES) {
    const comparison = compared[property.id] as Comparison;
    properties.push({
      property: property.id,
      opsPerSecond: (requests.length / median(comparison.samples)) * 1000,
      overhead: comparison.ratio,
      callsPerOp: await callsPerOp(property, scenarios),
    });
  }
  const bare = Object.values<Comparison>(compared).flatMap((comparison) => comparison.baseline);
  return {
    scenarios: scenarios.length,
    requests: requests.length,
    bareOpsPerSecond: (requests.length / median(bare)) * 1000,
    breakdown: { driver: ratio(BREAKDOWN.driver), harnessWithoutCopy: ratio(BREAKDOWN.harnessWithoutCopy), harness: ratio(BREAKDOWN.harness) },
    properties,
    suiteOverhead: properties.reduce((sum, row) => sum + row.overhead, 0) / properties.length,
    endToEnd: await endToEnd(options),
  };
}

/** What a user sees: checkProperty over every property, scenario generation and environment commands included. */
async function endToEnd(options: InProcessOptions): Promise<InProcessResult["endToEnd"]> {
  const driver = inProcessDriver(referencePruner);
  let requests = 0;
  let ms = 0;
  for (const property of PROPERTIES) {
    const result = await checkProperty(driver, property, { level: "strict", numRuns: options.endToEndRuns, seed: options.seed });
    if (result.status !== "passed") throw new Error(`the reference failed ${property.id} (${result.status}); this is a bug in prunecheck`);
    requests += result.requests;
    ms += result.ms;
  }
  return { runs: options.endToEndRuns * PROPERTIES.length, requests, requestsPerSecond: (requests / ms) * 1000 };
}
