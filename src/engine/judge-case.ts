import type { Driver } from "../transport/driver.ts";
import { Harness } from "../models/harness.ts";
import type { Level, Property } from "../models/property.ts";
import { PropertyViolation } from "../errors/property-violation.ts";
import { describeCase, type ExhaustiveCase } from "../models/exhaustive-case.ts";
import { reportOn, targetFlags, type Implementation } from "../reports/build.ts";
import type { Report } from "../reports/report.ts";
import { stageCase } from "./exhaustive.ts";

export interface CaseVerdict {
  readonly requests: number;
  /** By the id of the property that judged it (an adapter fault is every judging property's). */
  readonly violations: ReadonlyMap<string, PropertyViolation>;
}

/**
 * Sends a case's one request through the model's Harness, which lets every given property judge the same
 * answer: the exact property code a random run uses, one request (and the probes the properties ask for)
 * per case rather than one per property. A compact that succeeds is sent again on its own answer, under the
 * same budget, as a runtime's next call would be (compaction-converges judges the pair).
 */
export async function judgeCase(driver: Driver, testCase: ExhaustiveCase, properties: readonly Property[], level: Level): Promise<CaseVerdict> {
  const { world, label, call } = stageCase(testCase, driver.capabilities);
  const harness = new Harness(driver, properties, level);
  harness.note(`the exhaustive case is ${describeCase(testCase)}`);
  try {
    const script = testCase.model === undefined ? undefined : [testCase.model];
    const outcome = await harness.exchange(world, label, call, script);
    if (call.op === "compact" && outcome.ok) {
      await harness.exchange(world, `compact the result again to ${call.budget.limit} ${call.budget.unit}`, { ...call, window: outcome.window }, script);
    }
  } catch (error) {
    if (!(error instanceof PropertyViolation)) throw error;
  }
  return { requests: harness.requests, violations: harness.violations };
}

/**
 * The report of a failing exhaustive case: its origin is the case and its position in the enumeration,
 * which the corpus replays, and `replay` is the fuzz command that finds it again.
 */
export async function caseReport(input: {
  readonly property: string;
  readonly violation: PropertyViolation;
  readonly testCase: ExhaustiveCase;
  readonly index: number;
  readonly level: Level;
  readonly implementation: Implementation;
  readonly requests: number;
  readonly outDir: string;
}): Promise<Report> {
  const report = await reportOn(
    {
      property: input.property,
      level: input.level,
      violation: input.violation,
      origin: { kind: "exhaustive", case: input.testCase, index: input.index },
      runsToFailure: input.index + 1,
      shrinks: 0,
      ms: 0,
      findMs: 0,
      counterexample: describeCase(input.testCase),
    },
    input.implementation,
    { outDir: input.outDir },
  );
  const bound = Math.max(1, input.testCase.spans.length);
  return {
    ...report,
    replay: `npx prunecheck fuzz ${[...targetFlags(input.implementation.target), "--level", input.level, "--property", input.property, "--exhaustive", String(bound), "--time", "0"].join(" ")}`,
  };
}
