import fc from "fast-check";
import type { Driver } from "../transport/driver.ts";
import type { Property } from "./property.ts";
import { Harness } from "./harness.ts";
import { PropertyViolation } from "../errors/property-violation.ts";
import { adapterProtocol } from "./adapter-protocol.ts";
import { observerHooks, runChecks, runScenario, ShrinkUntil, type CheckOptions, type PropertyResult } from "./run.ts";
import { recordRuns, replayPathOf } from "./replay-path.ts";
import { scenarioArb, type Scenario } from "./scenario.ts";

export interface JointOptions extends Pick<CheckOptions, "level" | "numRuns" | "maxCommands" | "shrinkBudget" | "observer"> {
  /** Default: fast-check's own choice, made once here, since every property must draw the same runs. */
  readonly seed?: number;
  /** Runs of a property when not `numRuns` (the mutant catalog searches longer for the fault it expects). */
  readonly runsOf?: (property: Property) => number;
  /** Big-window runs once a property's runs pass (see CheckOptions.bigWindowRuns); 0 for none. */
  readonly bigWindowRuns?: number;
  /** Every run, for every property, may append a real context at once (the catalog's big-window mutants). */
  readonly bigWindows?: boolean;
}

/**
 * Checks properties on one stream of runs: every property with the same seed draws the very same runs, so
 * instead of sending each run once per property, each run is sent once and every property still in play
 * judges each of its requests. A property that finds something leaves the stream (the rest go on) and is
 * then checked alone from the run that failed, which fast-check regenerates from the seed and shrinks as a
 * check of that property alone would: same verdicts, same counterexamples and reports, a fraction of the
 * requests. Big-window runs follow for the properties whose runs passed, in the same way.
 *
 * Yields each verdict in the order given. `stopped` is asked before each run and before a failing property
 * is shrunk: once it says yes, no further run starts and the properties without a verdict come back
 * `interrupted`.
 */
export async function* checkTogether(
  driver: Driver,
  properties: readonly Property[],
  options: JointOptions,
  stopped: () => boolean = () => false,
): AsyncGenerator<PropertyResult> {
  if (properties.length === 0 || stopped()) return;
  const seed = options.seed ?? randomSeed();
  const runsOf = options.runsOf ?? (() => options.numRuns);
  const smallRuns: Settings = { ...options, seed, runsOf, bigWindows: options.bigWindows === true };
  const small = await settle(driver, await judgeTogether(driver, properties, smallRuns, stopped), smallRuns, stopped);
  const bigRuns = options.bigWindows === true ? 0 : (options.bigWindowRuns ?? 0);
  const passed = properties.filter((property) => small.get(property)?.status === "passed");
  const bigSettings: Settings = { ...smallRuns, runsOf: () => bigRuns, bigWindows: true };
  const big =
    bigRuns === 0 || passed.length === 0
      ? new Map<Property, PropertyResult>()
      : await settle(driver, await judgeTogether(driver, passed, bigSettings, stopped), bigSettings, stopped);
  for (const property of properties) {
    const first = small.get(property) as PropertyResult;
    const second = big.get(property);
    const result =
      second === undefined
        ? first
        : {
            ...second,
            runs: first.runs + second.runs,
            requests: first.requests + second.requests,
            ms: first.ms + second.ms,
            shareMs: (first.shareMs ?? first.ms) + (second.shareMs ?? second.ms),
          };
    options.observer?.settled(result);
    yield result;
  }
}

interface Settings extends JointOptions {
  readonly seed: number;
  readonly runsOf: (property: Property) => number;
  readonly bigWindows: boolean;
}

/** What one property made of the shared stream. */
type Judged =
  | { readonly status: "passed" | "interrupted"; readonly runs: number; readonly requests: number; readonly ms: number; readonly share: number }
  | { readonly status: "error"; readonly runs: number; readonly requests: number; readonly ms: number; readonly share: number; readonly error: unknown }
  | {
      readonly status: "failed";
      readonly runs: number;
      readonly requests: number;
      readonly ms: number;
      readonly share: number;
      /** Index of the failing run in the seed's sequence: where the check alone starts. */
      readonly run: number;
      /**
       * Whether the run was not yet stopped when this failure was judged: a failure judged after the stop may
       * be the stop's doing (whoever stopped the run closes the driver under it), so only these are kept.
       */
      readonly beforeStop: boolean;
      readonly violation: PropertyViolation;
      readonly value: Scenario;
      readonly ran: readonly boolean[];
    };

/**
 * Thrown to end the stream once no property is left to judge it: fast-check's only way to stop early is a
 * failure (which the stream's arbitrary does not shrink). Not an error, so not an Error.
 */
const STREAM_DONE: unique symbol = Symbol("every property has its verdict");

/**
 * Runs of the stream in flight at once against a driver that runs elsewhere: the harness builds and checks
 * one run's requests while the adapter answers another's, so neither waits on the other (one run at a time,
 * a prune-only Python pruner's default run left the harness idle 1.9 s of its 5 s). Runs are independent
 * (each request carries its whole window and store), and each property keeps the earliest run it fails at,
 * so verdicts and counterexamples are those of one run at a time.
 */
export const STREAM_DEPTH = 4;

/** One run of the stream: its place in the seed's sequence, who judged it, and what it cost. */
interface Ran {
  readonly run: number;
  readonly judging: readonly Property[];
  readonly requests: number;
  readonly slice: number;
}

/** Runs the stream once, each property judging the runs of its budget until its first finding. */
async function judgeTogether(driver: Driver, properties: readonly Property[], settings: Settings, stopped: () => boolean): Promise<Map<Property, Judged>> {
  const started = performance.now();
  // `slice`: the time of each run (and of what fast-check did since the one before), divided among the
  // properties that judged it, so a property's time says what it cost, not how long the stream ran.
  let mark = started;
  const ledger: Ran[] = [];
  const failures = new Map<Property, Omit<Extract<Judged, { status: "failed" }>, "runs" | "requests" | "share">>();
  let run = -1;
  let interrupted = false;
  /** What broke a run other than a finding (a closed driver, a harness fault): it ends the stream as an error. */
  let broken = null as { readonly error: unknown } | null;
  const inFlight = new Set<Promise<void>>();
  const depth = driver.concurrent === true ? STREAM_DEPTH : 1;
  const maxRuns = Math.max(...properties.map(settings.runsOf));
  const scenario = scenarioArb({
    ...(settings.maxCommands === undefined ? {} : { maxCommands: settings.maxCommands }),
    ...(settings.bigWindows ? { bigWindows: true } : {}),
    ...(driver.capabilities.includes("model") ? { model: true } : {}),
  });
  const hooks = observerHooks(settings.observer);
  // A property that failed at an earlier run judges no later one; one whose failure is still in flight may.
  const throwIfBroken = () => {
    if (broken !== null) throw broken.error;
  };
  const failedBefore = (property: Property, index: number) => (failures.get(property)?.run ?? Infinity) < index;
  const judgeRun = async (index: number, value: Scenario, judging: readonly Property[]) => {
    const harness = new Harness(driver, judging, settings.level, { untilEveryPropertyFails: true, ...hooks });
    const recorded = recordRuns(value.commands);
    try {
      await runScenario(driver, harness, { keyScheme: value.keyScheme, commands: recorded.commands });
    } catch (error) {
      if (!(error instanceof PropertyViolation)) {
        broken ??= { error };
        return;
      }
    }
    const now = performance.now();
    ledger.push({ run: index, judging, requests: harness.requests, slice: (now - mark) / judging.length });
    mark = now;
    for (const property of judging) {
      const violation = harness.violations.get(property.id);
      if (violation === undefined || failedBefore(property, index + 1)) continue;
      failures.set(property, { status: "failed", ms: now - started, run: index, violation, value, ran: recorded.ran, beforeStop: !stopped() });
    }
    // A run counts once, however many properties judged it; a failing property checked alone repeats it uncounted.
    settings.observer?.ran();
  };
  const details = await fc.check(
    fc.asyncProperty(new ShrinkUntil(scenario, () => true), async (value) => {
      throwIfBroken();
      run++;
      const judging = properties.filter((property) => !failedBefore(property, run) && settings.runsOf(property) > run);
      if (judging.length === 0) throw STREAM_DONE;
      if (stopped()) {
        interrupted = true;
        throw STREAM_DONE;
      }
      const judged = judgeRun(run, value, judging);
      inFlight.add(judged);
      void judged.finally(() => inFlight.delete(judged));
      while (inFlight.size >= depth) await Promise.race(inFlight);
      throwIfBroken();
    }),
    { numRuns: maxRuns, seed: settings.seed, ...(settings.bigWindows ? { unbiased: true } : {}) },
  );
  await Promise.all(inFlight);
  const ms = performance.now() - started;
  const thrown = details.failed && details.errorInstance !== STREAM_DONE ? details.errorInstance : null;
  const error = broken?.error ?? thrown;
  // A property's tallies are of the runs it judged up to its failure, as if the runs had gone one at a time.
  const tally = (property: Property) => {
    const last = failures.get(property)?.run ?? Infinity;
    const judged = ledger.filter((ran) => ran.run <= last && ran.judging.includes(property));
    return {
      runs: judged.length,
      requests: judged.reduce((sum, ran) => sum + ran.requests, 0),
      share: judged.reduce((sum, ran) => sum + ran.slice, 0),
    };
  };
  // Failures first, in the order of their runs, then catalog order: the order a stream run one at a time finds them.
  const failed = properties.filter((property) => failures.has(property));
  failed.sort((a, b) => (failures.get(a)?.run ?? 0) - (failures.get(b)?.run ?? 0));
  const outcome = new Map<Property, Judged>();
  for (const property of failed) outcome.set(property, { ...(failures.get(property) as NonNullable<ReturnType<typeof failures.get>>), ...tally(property) });
  for (const property of properties) {
    if (outcome.has(property)) continue;
    outcome.set(
      property,
      error !== null ? { status: "error", ...tally(property), ms, error } : { status: interrupted ? "interrupted" : "passed", ...tally(property), ms },
    );
  }
  return outcome;
}

/**
 * Each property that failed on the stream is checked alone from its failing run, which shrinks it: side by
 * side against an adapter, one after another in process.
 */
async function settle(driver: Driver, judged: Map<Property, Judged>, settings: Settings, stopped: () => boolean): Promise<Map<Property, PropertyResult>> {
  const settled = new Map<Property, PropertyResult>();
  // Stopped before its shrink ended, a property keeps the failure the stream found before the stop, as found
  // (issue 46: an interrupted run said "no violation so far" after a timeout).
  const asFound = (property: Property, found: Extract<Judged, { status: "failed" }>): PropertyResult =>
    found.beforeStop ? { ...unshrunk(property, found, settings), stoppedBeforeShrink: true } : { ...common(property, found, settings), status: "interrupted" };
  const alone = async (property: Property, found: Extract<Judged, { status: "failed" }>): Promise<PropertyResult> => {
    if (stopped()) return asFound(property, found);
    settings.observer?.shrinking?.(property.id);
    const result = await runChecks(driver, property, {
      level: settings.level,
      seed: settings.seed,
      numRuns: settings.runsOf(property),
      from: found.run,
      ...(settings.maxCommands === undefined ? {} : { maxCommands: settings.maxCommands }),
      ...(settings.shrinkBudget === undefined ? {} : { shrinkBudget: settings.shrinkBudget }),
      ...(settings.bigWindows ? { bigWindows: true } : {}),
      ...(settings.observer === undefined ? {} : { observer: settings.observer }),
    });
    if (stopped()) return asFound(property, found);
    return result.status === "passed" ? unshrunk(property, found, settings) : withStream(result, found);
  };
  const pending: [Property, Promise<PropertyResult>][] = [];
  // An adapter fault is the adapter's, not a property's: every property judging the run meets it at the same
  // request. The first in catalog order shrinks it; the others share its verdict (sharedFault).
  const faults = new Map<number, Promise<PropertyResult>>();
  for (const [property, found] of judged) {
    if (found.status !== "failed") {
      const base = common(property, found, settings);
      settled.set(property, found.status === "error" ? { ...base, status: "error", error: found.error } : { ...base, status: found.status });
      continue;
    }
    const first = found.violation.property.id === adapterProtocol.id ? faults.get(found.run) : undefined;
    const result =
      first === undefined ? alone(property, found) : first.then((shrunk) => sharedFault(shrunk, property, found, settings) ?? alone(property, found));
    if (first === undefined && found.violation.property.id === adapterProtocol.id) faults.set(found.run, result);
    result.catch(() => {});
    pending.push([property, result]);
    if (driver.concurrent !== true) await result;
  }
  for (const [property, result] of pending) settled.set(property, await result);
  return new Map([...judged.keys()].map((property) => [property, settled.get(property) as PropertyResult]));
}

/**
 * The verdict of `property`, which met on the stream the adapter fault `shrunk` is the shrunk verdict of: that
 * fault again, with this property's own tallies, pointing at the property that shrank it. Null when the check
 * alone did not end in an adapter fault (the adapter answered differently): then this property is checked alone.
 */
function sharedFault(shrunk: PropertyResult, property: Property, found: Extract<Judged, { status: "failed" }>, settings: Settings): PropertyResult | null {
  if (shrunk.status !== "failed" || shrunk.violation.property.id !== adapterProtocol.id) return null;
  return { ...shrunk, ...common(property, found, settings), sameFaultAs: shrunk.property };
}

function common(property: Property, found: Judged, settings: Settings) {
  return { property: property.id, level: settings.level, seed: settings.seed, runs: found.runs, requests: found.requests, ms: found.ms, shareMs: found.share };
}

/** The check alone counts from the failing run; the stream's runs before it were this property's too. */
function withStream(result: PropertyResult, found: Extract<Judged, { status: "failed" }>): PropertyResult {
  // The check alone was this property's own: all of its time is its share.
  const counted = { ...result, requests: result.requests + found.requests, ms: result.ms + found.ms, shareMs: result.ms + found.share };
  return counted.status === "failed" ? { ...counted, findMs: counted.findMs + found.ms } : counted;
}

/**
 * The failing run did not fail again alone, so the implementation answered the same requests differently:
 * the stream's own finding is the verdict, as found (not shrunk), with the path that replays it.
 */
function unshrunk(property: Property, found: Extract<Judged, { status: "failed" }>, settings: Settings): Extract<PropertyResult, { status: "failed" }> {
  return {
    ...common(property, found, settings),
    status: "failed",
    violation: found.violation,
    origin: {
      kind: "random",
      seed: settings.seed,
      path: String(found.run),
      replayPath: replayPathOf([found.ran]),
      ...(settings.bigWindows ? { bigWindows: true as const } : {}),
    },
    shrinks: 0,
    runsToFailure: found.run + 1,
    findMs: found.ms,
    counterexample: fc.stringify(found.value),
  };
}

/** fast-check's own default seed. */
function randomSeed(): number {
  return (Date.now() ^ (Math.random() * 0x100000000)) | 0;
}
