import fc from "fast-check";
import type { Driver } from "../adapters/driver.ts";
import type { Level, Property } from "./property.ts";
import { Harness } from "./harness.ts";
import { isPropertyViolation, type PropertyViolation } from "./violation.ts";
import { isAdapterFault } from "../errors/adapter-fault.ts";
import { replayPathOf, scenarioArb, type Scenario } from "./scenario.ts";
import { World } from "./world.ts";

export interface CheckOptions {
  readonly level: Level;
  readonly numRuns: number;
  readonly seed?: number;
  readonly path?: string;
  readonly replayPath?: string;
  readonly maxCommands?: number;
  /** Shrink attempts after the first failure (default SHRINK_BUDGET). */
  readonly shrinkBudget?: number;
  /** Stop generating new runs after this long (shrinking included); the result is then `interrupted`. */
  readonly timeLimitMs?: number;
  readonly observer?: RunObserver;
}

/**
 * Hears what a check does while it does it, for a live display: against a slow adapter one property can
 * take minutes, and side by side the first verdict in order can be the last to come in. Verdicts and their
 * final counts still come back only as results.
 */
export interface RunObserver {
  /** A request went out (a probe included). */
  sent(property: string): void;
  /** A generated run passed; shrink attempts are not runs. */
  ran(property: string): void;
  /** A property's verdict is in, possibly before an earlier property's is yielded. */
  settled(result: PropertyResult): void;
}

/**
 * Enough for fast-check's greedy shrinker to reach one- or two-span windows on the catalog mutants, few
 * enough that a counterexample found in a 48-span, 24-command scenario does not shrink for minutes.
 */
export const SHRINK_BUDGET = 10_000;

interface Common {
  readonly property: string;
  readonly level: Level;
  readonly seed: number;
  readonly runs: number;
  readonly requests: number;
  readonly ms: number;
}

/** A property's verdict as data; only src/reports turns it into text. */
export type PropertyResult =
  | (Common & { readonly status: "passed" })
  | (Common & { readonly status: "interrupted" })
  | (Common & {
      readonly status: "failed";
      readonly violation: PropertyViolation;
      readonly path: string;
      readonly replayPath: string;
      readonly shrinks: number;
      /** Runs it took to find the first failure. */
      readonly runsToFailure: number;
      readonly counterexample: string;
    })
  | (Common & { readonly status: "error"; readonly error: unknown });

/** Checks one property against an implementation with fast-check's model-based runner. */
export async function checkProperty(driver: Driver, property: Property, options: CheckOptions): Promise<PropertyResult> {
  const result = await runChecks(driver, property, options);
  options.observer?.settled(result);
  return result;
}

async function runChecks(driver: Driver, property: Property, options: CheckOptions): Promise<PropertyResult> {
  const started = performance.now();
  let requests = 0;
  const scenario = scenarioArb({
    ...(options.maxCommands === undefined ? {} : { maxCommands: options.maxCommands }),
    // A report records "" when fast-check printed no replay path; fast-check itself cannot parse "".
    ...(options.replayPath ? { replayPath: options.replayPath } : {}),
  });
  // Shrinking stops (later runs pass vacuously, so fast-check keeps the smallest failure found so far)
  // once the implementation has hung, since every shrink candidate would wait out the timeout again, or
  // once the shrink budget is spent. Both are counted, not timed, so a seed shrinks the same everywhere.
  let failed = false;
  let hung = false;
  let shrinkRuns = 0;
  const shrinkBudget = options.shrinkBudget ?? SHRINK_BUDGET;
  const { observer } = options;
  const sent = observer === undefined ? undefined : () => observer.sent(property.id);
  const details = await fc.check(
    fc.asyncProperty(scenario, async (value) => {
      if (hung || (failed && ++shrinkRuns > shrinkBudget)) return;
      const harness = new Harness(driver, property, options.level, sent);
      try {
        await runScenario(driver, harness, value);
        if (!failed) observer?.ran(property.id);
      } catch (error) {
        failed = true;
        hung = isPropertyViolation(error) && isAdapterFault(error.cause) && error.cause.code === "timeout";
        throw error;
      } finally {
        requests += harness.requests;
      }
    }),
    {
      numRuns: options.numRuns,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.path === undefined ? {} : { path: options.path, endOnFailure: true }),
      ...(options.timeLimitMs === undefined ? {} : { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }),
    },
  );
  const common: Common = {
    property: property.id,
    level: options.level,
    seed: details.seed,
    runs: details.numRuns,
    requests,
    ms: performance.now() - started,
  };
  // fast-check calls a time limit hit before any run completed a failure, even with markInterruptAsFailure off.
  const interruptedEarly = details.interrupted && details.counterexample === null;
  if (!details.failed || interruptedEarly) return { ...common, status: details.interrupted ? "interrupted" : "passed" };
  const error = details.errorInstance;
  if (!isPropertyViolation(error) || details.counterexample === null || details.counterexamplePath === null) {
    return { ...common, status: "error", error };
  }
  const [value] = details.counterexample;
  return {
    ...common,
    status: "failed",
    violation: error,
    path: details.counterexamplePath,
    replayPath: replayPathOf(value.commands) ?? "",
    shrinks: details.numShrinks,
    runsToFailure: Number(details.counterexamplePath.split(":")[0]) + 1,
    counterexample: fc.stringify(value),
  };
}

/**
 * Checks properties against one driver and yields each verdict in the order given, as soon as it and every
 * earlier one are in. When the implementation runs elsewhere (`driver.concurrent`, a stdio adapter) every
 * property is checked side by side, so the adapter answers one property's request while the harness builds
 * and checks another's; otherwise one after another. Either way each property is its own fast-check run
 * with the same options, so verdicts and counterexamples do not depend on the order.
 *
 * `stopped` is asked before a property starts: once it says yes, no further property starts (those in
 * flight finish, or wind down as the caller closes the driver under them).
 */
export async function* checkProperties(driver: Driver, properties: readonly Property[], options: CheckOptions, stopped: () => boolean = () => false): AsyncGenerator<PropertyResult> {
  const start = (property: Property) => checkProperty(driver, property, options);
  const running = new Map<Property, Promise<PropertyResult>>();
  if (driver.concurrent === true && !stopped()) {
    for (const property of properties) {
      const result = start(property);
      // Awaited in order below; until then a rejection must not count as unhandled.
      result.catch(() => {});
      running.set(property, result);
    }
  }
  for (const property of properties) {
    const result = running.get(property) ?? (stopped() ? null : start(property));
    if (result === null) return;
    yield await result;
  }
}

export async function runScenario(driver: Driver, harness: Harness, scenario: Scenario): Promise<void> {
  const world = new World(driver.capabilities, scenario.keyScheme);
  harness.note(`the store names keys by ${scenario.keyScheme}`);
  await fc.asyncModelRun(() => ({ model: world, real: harness }), scenario.commands);
}
