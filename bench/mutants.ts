/**
 * Time-to-kill for every mutant in the catalog: per seed, the mutant's expected properties are checked
 * in catalog order, at its level, until one fails; the clock runs from the first of them, so an expected
 * property that lets the mutant through costs its whole run. The first failing check marks the end of
 * the search; what follows, until the result is back, is shrinking.
 */
import { withSend, type Driver } from "../src/transport/driver.ts";
import { inProcessDriver } from "../src/transport/in-process.ts";
import type { Property } from "../src/models/property.ts";
import { appliesTo } from "../src/models/property.ts";
import { checkProperty } from "../src/models/run.ts";
import { PROPERTIES } from "../properties/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import type { Mutant } from "../properties/mutants/index.ts";
import { median } from "./measure.ts";

export interface MutantOptions {
  readonly seeds: readonly number[];
  /** Runs per expected property before it counts as letting the mutant through. */
  readonly numRuns: number;
  /** Wall-time cap per expected property, shrinking included: a shrink that hits it is reported as cut off. */
  readonly timeLimitMs: number;
}

export interface Kill {
  readonly seed: number;
  readonly property: string;
  readonly runs: number;
  /** From the start of the mutant's first expected property to its first failing check. */
  readonly findMs: number;
  readonly shrinkMs: number;
  readonly shrinks: number;
  /** Shrinking ran into the time limit: the counterexample is real but not fully shrunk. */
  readonly cutOff: boolean;
}

export interface MutantTiming {
  readonly id: string;
  readonly level: Mutant["level"];
  readonly kills: readonly Kill[];
  /** Seeds at which no expected property failed within the run budget. */
  readonly survivedSeeds: readonly number[];
  readonly medianRuns: number;
  readonly medianFindMs: number;
  readonly medianShrinkMs: number;
  /** Median over seeds of find + shrink: the time to a shrunk, reportable counterexample. */
  readonly medianKillMs: number;
}

/** fast-check reads its own, millisecond clock for the time limit, so an interrupted check can end a hair early on ours. */
const CUT_OFF_SLACK_MS = 25;

export async function benchMutants(options: MutantOptions): Promise<MutantTiming[]> {
  const timings: MutantTiming[] = [];
  for (const mutant of MUTANTS) {
    const kills: Kill[] = [];
    const survivedSeeds: number[] = [];
    for (const seed of options.seeds) {
      const kill = await timeToKill(mutant, seed, options);
      if (kill === null) survivedSeeds.push(seed);
      else kills.push(kill);
    }
    timings.push({
      id: mutant.id,
      level: mutant.level,
      kills,
      survivedSeeds,
      medianRuns: median(kills.map((kill) => kill.runs)),
      medianFindMs: median(kills.map((kill) => kill.findMs)),
      medianShrinkMs: median(kills.map((kill) => kill.shrinkMs)),
      medianKillMs: median(kills.map((kill) => kill.findMs + kill.shrinkMs)),
    });
  }
  return timings;
}

async function timeToKill(mutant: Mutant, seed: number, options: MutantOptions): Promise<Kill | null> {
  const clock = new FirstFailure();
  const driver = clock.watch(inProcessDriver(mutant.pruner));
  const expected = PROPERTIES.filter((property) => mutant.expectedProperties.includes(property.id) && appliesTo(property, mutant.level, driver.capabilities));
  const started = performance.now();
  try {
    for (const property of expected) {
      const checked = performance.now();
      const result = await checkProperty(driver, clock.watchProperty(property), {
        level: mutant.level,
        numRuns: options.numRuns,
        seed,
        timeLimitMs: options.timeLimitMs,
        // A fault that shows only in a real context's size is searched for there, as the catalog does.
        ...(mutant.needsBigWindows === true ? { bigWindows: true } : {}),
      });
      if (result.status !== "failed" || !mutant.expectedProperties.includes(result.violation.property.id)) continue;
      const found = clock.at ?? performance.now();
      return {
        seed,
        property: result.violation.property.id,
        runs: result.runsToFailure,
        findMs: found - started,
        shrinkMs: performance.now() - found,
        shrinks: result.shrinks,
        cutOff: performance.now() - checked >= options.timeLimitMs - CUT_OFF_SLACK_MS,
      };
    }
    return null;
  } finally {
    await driver.close();
  }
}

/** When the first check failed (a finding, or a protocol fault from the driver) since the last reset. */
class FirstFailure {
  at: number | undefined;

  watchProperty(property: Property): Property {
    this.at = undefined;
    return {
      ...property,
      check: (step) => {
        const finding = property.check(step);
        if (finding !== null) this.at ??= performance.now();
        return finding;
      },
    };
  }

  watch(driver: Driver): Driver {
    // Every send option passes through: a model-driven mutant's model script is one.
    return withSend(driver, async (call, options) => {
      try {
        return await driver.send(call, options);
      } catch (error) {
        this.at ??= performance.now();
        throw error;
      }
    });
  }
}
