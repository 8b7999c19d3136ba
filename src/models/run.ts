import fc from "fast-check";
import type { Driver, SendOptions } from "../transport/driver.ts";
import type { Level, Property } from "./property.ts";
import { Harness, type HarnessOptions } from "./harness.ts";
import { PropertyViolation } from "../errors/property-violation.ts";
import type { AdapterFault } from "../errors/adapter-fault.ts";
import { confirmHang, describeHangShrink, isTimeout, mayWaitAgain, startHangShrink, type HangShrink, type HangShrinking } from "./hang-shrink.ts";
import { scenarioArb, type Scenario } from "./scenario.ts";
import { recordRuns, replayPathOf } from "./replay-path.ts";
import type { RandomOrigin } from "./origin.ts";
import { World, type KeyScheme } from "./world.ts";

/** How the story names each key scheme: a reader cannot tell what "odd" means. */
const KEY_SCHEMES: Readonly<Record<KeyScheme, string>> = {
  sha256: "by the SHA-256 of their text",
  counter: "by a counter (k0, k1, …)",
  odd: 'with names a careless lookup trips on ("__proto__", "constructor", "", a newline, "🔑", …)',
};

export interface CheckOptions {
  readonly level: Level;
  readonly numRuns: number;
  readonly seed?: number;
  /** A recorded run to replay: fast-check walks its path (at most one run) instead of generating runs. */
  readonly replay?: Replay;
  readonly maxCommands?: number;
  /** Every run may append a real context's worth of spans at once (see bigWindowCommandArbs). */
  readonly bigWindows?: boolean;
  /**
   * Once the runs pass, this many more with big windows, under the same seed: a few, since each carries up
   * to a megabyte per request. Ignored when `bigWindows` is set or a report is replayed.
   */
  readonly bigWindowRuns?: number;
  /** Shrink attempts after the first failure (default SHRINK_BUDGET); see shrinkCost for big windows. */
  readonly shrinkBudget?: number;
  /** Stop generating new runs after this long (shrinking included); the result is then `interrupted`. */
  readonly timeLimitMs?: number;
  readonly observer?: RunObserver;
  /**
   * Start at this run of the seed's sequence, as if the runs before it had passed (they had, in a joint
   * check: see joint.ts); counts and the report's path are those of a run from the start.
   */
  readonly from?: number;
}

/**
 * Hears what a check does while it does it, for a live display: against a slow adapter one property can
 * take minutes, and side by side the first verdict in order can be the last to come in. Verdicts and their
 * final counts still come back only as results.
 */
export interface RunObserver {
  /** A request went out (a probe included). */
  sent(): void;
  /** A generated run was made (once, for every property it judged); shrink attempts are not runs. */
  ran(): void;
  /** A property's verdict is in, possibly before an earlier property's is yielded. */
  settled(result: PropertyResult): void;
  /** The implementation faulted on a request (a timeout above all): said at once, not when its verdict's turn comes. */
  faulted?(fault: AdapterFault): void;
  /** A property failed on the shared stream and is now checked alone from that run, which shrinks it. */
  shrinking?(property: string): void;
}

/** What a harness tells an observer as it works: each request as it goes out, each adapter fault as it happens. */
export function observerHooks(observer: RunObserver | undefined): Pick<HarnessOptions, "onSend" | "onFault"> {
  if (observer === undefined) return {};
  return { onSend: () => observer.sent(), ...(observer.faulted === undefined ? {} : { onFault: (fault: AdapterFault) => observer.faulted?.(fault) }) };
}

/**
 * Enough for fast-check's greedy shrinker to reach one- or two-span windows on the catalog mutants, few
 * enough that a counterexample found in a 48-span, 24-command scenario does not shrink for minutes.
 */
export const SHRINK_BUDGET = 10_000;

/**
 * What one shrink attempt spends of the budget. With big windows a run of a thousand-span window costs a
 * hundred of a small one, so it is charged by its largest window: the budget then buys about the same
 * time, and a 3000-span failure still shrinks, more of its attempts being spent where windows are small.
 * Small windows cost one attempt each, as they always did, so counterexamples without big windows shrink
 * exactly as before.
 */
export function shrinkCost(largestWindow: number, bigWindows: boolean): number {
  return bigWindows && largestWindow > 96 ? Math.ceil(largestWindow / 8) : 1;
}

/**
 * Big-window runs to add to `runs` (see CheckOptions.bigWindowRuns): one per 200, at least two. `prunecheck
 * run` adds them to every property; the catalog to the properties a big-window mutant does not expect. One
 * big-window run shows a fault of hundreds of spans (keeps-last-256) about two times in three: a default run
 * with one caught it at 15 of 20 seeds, with two at 17, with three at 18 (bench/catch-rate.ts). Two, since
 * each adds about half a second (a tenth) to a default run against the Python example over stdio, where its
 * requests are megabytes of JSON.
 */
export function bigWindowRunsFor(runs: number): number {
  return Math.max(2, Math.ceil(runs / 200));
}

interface Common {
  readonly property: string;
  readonly level: Level;
  readonly seed: number;
  readonly runs: number;
  readonly requests: number;
  /** Time from the start of its check to its verdict. */
  readonly ms: number;
  /**
   * Its share of that time, where properties judged shared runs (checkTogether): each run's time divided
   * among the properties that judged it, and its own check alone whole. What a property cost, for the
   * summary and JUnit; absent where a property ran alone, whose share is `ms`.
   */
  readonly shareMs?: number;
}

/** A random run as a report recorded it; `runsToFailure` is the report's, since a replay skips those runs. */
export interface Replay {
  readonly path: string;
  readonly replayPath: string;
  readonly runsToFailure: number;
}

/** A property's verdict as data; only src/reports turns it into text. */
export type PropertyResult =
  | (Common & { readonly status: "passed" })
  | (Common & { readonly status: "interrupted" })
  | (Common & {
      readonly status: "failed";
      readonly violation: PropertyViolation;
      readonly origin: RandomOrigin;
      readonly shrinks: number;
      /** Runs it took to find the first failure. */
      readonly runsToFailure: number;
      /** How long finding the first failure took; the rest of `ms` went on shrinking it. */
      readonly findMs: number;
      /** How a hang was shrunk, when the failure was one. */
      readonly hang?: HangShrink;
      readonly counterexample: string;
      /**
       * The property whose check found and shrank this very fault, when it is an adapter fault the stream met
       * while this property judged it too: one fault, one report (issue 46), this verdict pointing at it.
       */
      readonly sameFaultAs?: string;
      /** The run was stopped before this failure, which the shared stream found before the stop, was shrunk: it is as found. */
      readonly stoppedBeforeShrink?: true;
    })
  | (Common & { readonly status: "error"; readonly error: unknown });

/** Checks one property against an implementation with fast-check's model-based runner. */
export async function checkProperty(driver: Driver, property: Property, options: CheckOptions): Promise<PropertyResult> {
  const small = await runChecks(driver, property, options);
  const bigRuns = options.bigWindows === true || options.replay !== undefined ? 0 : (options.bigWindowRuns ?? 0);
  const result =
    small.status !== "passed" || bigRuns === 0
      ? small
      : withEarlier(small, await runChecks(driver, property, { ...options, numRuns: bigRuns, bigWindows: true }));
  options.observer?.settled(result);
  return result;
}

/**
 * Ends the shrink once `done` says so. Without it the runs past the shrink budget only return early:
 * fast-check still builds every remaining candidate, and for a 3,000-span window those are tens of
 * thousands of 3,000-element copies, minutes of synchronous work (measured: a big-window failure took over
 * five minutes to come back with a budget of 0, 1 s with the cut). Candidates before the cut keep their
 * place, so report paths replay.
 */
export class ShrinkUntil<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly done: () => boolean,
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.inner.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context).takeWhile(() => !this.done());
  }
}

/** The big-window check's verdict, counting the runs, requests and time of the check that passed before it. */
function withEarlier(earlier: PropertyResult, result: PropertyResult): PropertyResult {
  return { ...result, runs: earlier.runs + result.runs, requests: earlier.requests + result.requests, ms: earlier.ms + result.ms };
}

/** One fast-check run of one property (checkProperty without its big-window tail, and without telling `settled`). */
export async function runChecks(driver: Driver, property: Property, options: CheckOptions): Promise<PropertyResult> {
  const started = performance.now();
  let requests = 0;
  const scenario = scenarioArb({
    ...(options.maxCommands === undefined ? {} : { maxCommands: options.maxCommands }),
    // A report records "" when no command ran; fast-check itself cannot parse "".
    ...(options.replay?.replayPath ? { replayPath: options.replay.replayPath } : {}),
    ...(options.bigWindows === true ? { bigWindows: true } : {}),
    ...(driver.capabilities.includes("model") ? { model: true } : {}),
  });
  const bigWindows = options.bigWindows === true;
  const { observer } = options;
  const hooks = observerHooks(observer);
  const run = async (value: Scenario, via: Driver, sendOptions: SendOptions = {}, ran?: (commands: readonly boolean[]) => void): Promise<void> => {
    const harness = new Harness(via, [property], options.level, { sendOptions, ...hooks });
    const recorded = recordRuns(value.commands);
    ran?.(recorded.ran);
    const shrinking = found !== null;
    try {
      await runScenario(via, harness, { keyScheme: value.keyScheme, commands: recorded.commands });
      if (found === null) observer?.ran();
    } finally {
      requests += harness.requests;
      if (shrinking) spent += shrinkCost(harness.largestWindow, bigWindows);
    }
  };
  // Shrinking ends (ShrinkUntil ends the stream, so fast-check keeps the smallest failure found so far)
  // once the shrink budget is spent: counted, not timed, so a seed shrinks the same everywhere. A hang
  // shrinks with a shorter timeout (see hang-shrink.ts), and then only another hang counts as failing; a
  // driver that cannot say how it times requests out stops shrinking at the first hang instead, since
  // every candidate would wait out the full timeout again. Both are set inside the property, which
  // control flow analysis cannot see: hence the casts.
  let found = null as { readonly ms: number; readonly error: unknown } | null;
  let hang = null as HangShrinking | null;
  let spent = 0;
  // Every failure the shrink accepted, the original first, so a hang that was only slow can fall back on
  // one. fast-check keeps these itself only at VerbosityLevel.Verbose, which records every run it makes.
  // Which commands of each ran make the replay path.
  const failures: Scenario[] = [];
  const ranPerFailure: (readonly boolean[])[] = [];
  let ran: readonly boolean[] = [];
  const shrinkBudget = options.shrinkBudget ?? SHRINK_BUDGET;
  // A path with a shrink step starts fast-check in shrink mode, where numRuns does not apply: once the
  // report's counterexample passed, it would go on through all of its siblings, which are other scenarios
  // (a fixed pruner could fail one and the replay say "still fails"), and for a big window take 45 s.
  const replaying = options.replay !== undefined;
  let startedARun = false;
  // Each part only ever turns true (a hang shrink's waits only grow), so ending the stream drops no
  // candidate that could still fail.
  const shrinkOver = () =>
    (found !== null && (spent >= shrinkBudget || (isTimeout(found.error) && (hang === null || !mayWaitAgain(hang))))) || (replaying && startedARun);
  const skipped = options.replay === undefined ? (options.from ?? 0) : 0;
  const details = await fc.check(
    fc.asyncProperty(new ShrinkUntil(scenario, shrinkOver), async (value) => {
      startedARun = true;
      try {
        const noteRan = (commands: readonly boolean[]) => {
          ran = commands;
        };
        await (hang === null ? run(value, driver, {}, noteRan) : run(value, hang.driver, { timeoutMs: hang.timeoutMs }, noteRan));
      } catch (error) {
        if (found === null) {
          found = { ms: performance.now() - started, error };
          hang = startHangShrink(driver, error);
        } else if (hang !== null && !isTimeout(error)) return;
        failures.push(value);
        ranPerFailure.push(ran);
        throw error;
      }
    }),
    {
      numRuns: options.numRuns - skipped,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      // fast-check biases its first runs toward small values, and a big-window check is one or two runs: biased,
      // half of them drew a few commands and no big batch at all.
      ...(bigWindows ? { unbiased: true } : {}),
      ...(options.replay === undefined ? {} : { path: options.replay.path, endOnFailure: true }),
      // A path of one run index starts there and goes on for numRuns runs, shrinking as usual.
      ...(skipped === 0 ? {} : { path: String(skipped) }),
      ...(options.timeLimitMs === undefined ? {} : { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }),
    },
  );
  const common = (): Common => ({
    property: property.id,
    level: options.level,
    seed: details.seed,
    runs: skipped + details.numRuns,
    requests,
    ms: performance.now() - started,
  });
  // fast-check calls a time limit hit before any run completed a failure, even with markInterruptAsFailure off.
  const interruptedEarly = details.interrupted && details.counterexample === null;
  if (!details.failed || interruptedEarly) return { ...common(), status: details.interrupted ? "interrupted" : "passed" };
  const error = details.errorInstance;
  if (!(error instanceof PropertyViolation) || details.counterexample === null || details.counterexamplePath === null || found === null) {
    return { ...common(), status: "error", error };
  }
  // A hang accepted at the short timeout is reported only once it hangs at the full one too.
  const reported =
    hang === null
      ? { index: failures.length - 1, value: details.counterexample[0], violation: error, smallestConfirmed: true }
      : await confirmHang(failures, hang.original, async (value) => {
          const again = fc.cloneIfNeeded(value);
          try {
            await run(again, driver);
          } catch (error) {
            if (isTimeout(error)) return { value: again, violation: error };
          }
          return null;
        });
  // The failures are the steps of the counterexample's path, so a smaller one is reached by a shorter path.
  const path = details.counterexamplePath.split(":");
  const unshrunk = hang === null ? 0 : failures.length - 1 - reported.index;
  return {
    ...common(),
    status: "failed",
    violation: reported.violation,
    // The replay path is the shrinker's notes over every failure it accepted, those past the reported one too.
    origin: {
      kind: "random",
      seed: details.seed,
      path: path.slice(0, path.length - unshrunk).join(":"),
      replayPath: replayPathOf(ranPerFailure),
      ...(bigWindows ? { bigWindows: true as const } : {}),
    },
    shrinks: details.numShrinks - unshrunk,
    // fast-check counts the runs it made; a replay made none of those before its path's run.
    runsToFailure: options.replay?.runsToFailure ?? skipped + details.numRuns,
    findMs: found.ms,
    ...(hang === null ? {} : { hang: describeHangShrink(hang, reported.smallestConfirmed) }),
    counterexample: fc.stringify(reported.value),
  };
}

export async function runScenario(driver: Driver, harness: Harness, scenario: Scenario): Promise<void> {
  const world = new World(driver.capabilities, scenario.keyScheme);
  harness.note(`the store names keys ${KEY_SCHEMES[scenario.keyScheme]}`);
  await fc.asyncModelRun(() => ({ model: world, real: harness }), scenario.commands);
}
