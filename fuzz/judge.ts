import type { Driver } from "../src/adapters/driver.ts";
import { Harness } from "../src/models/harness.ts";
import type { Finding, Level, Property } from "../src/models/property.ts";
import { isPropertyViolation, PropertyViolation } from "../src/models/violation.ts";
import { buildReport, targetFlags, type Implementation } from "../src/reports/build.ts";
import type { Report } from "../src/reports/report.ts";
import { describeCase, encodeCase, stageCase, type ExhaustiveCase } from "./exhaustive.ts";

export interface CaseVerdict {
  readonly requests: number;
  /** By the id of the property that judged it (an adapter fault is every judging property's). */
  readonly violations: ReadonlyMap<string, PropertyViolation>;
}

/**
 * Sends a case's one request through the model's Harness and lets every given property judge the same
 * answer: the exact property code a random run uses, one request (and the probes the properties ask for)
 * per case rather than one per property.
 */
export async function judgeCase(driver: Driver, testCase: ExhaustiveCase, properties: readonly Property[], level: Level): Promise<CaseVerdict> {
  const { world, label, call } = stageCase(testCase, driver.capabilities);
  const findings = new Map<Property, Finding>();
  const everyProperty: Property = {
    id: "exhaustive",
    level: "core",
    requires: [],
    title: "every applicable property at once",
    seed: "",
    probes: [...new Set(properties.flatMap((property) => property.probes ?? []))],
    check(step) {
      for (const property of properties) {
        const finding = property.check(step);
        if (finding !== null) findings.set(property, finding);
      }
      // Never a finding of its own: each property's is collected above, so all of them see the request.
      return null;
    },
  };
  const harness = new Harness(driver, everyProperty, level);
  harness.note(`the exhaustive case is ${describeCase(testCase)}`);
  try {
    await harness.exchange(world, label, call);
  } catch (error) {
    if (!isPropertyViolation(error)) throw error;
    return { requests: harness.requests, violations: new Map(properties.map((property) => [property.id, error])) };
  }
  const violations = new Map([...findings].map(([property, finding]) => [property.id, new PropertyViolation(property.id, finding, harness.trace)]));
  return { requests: harness.requests, violations };
}

/**
 * The report of a failing exhaustive case. It has no fast-check seed or path: `counterexample` holds the
 * case itself (see encodeCase), which the corpus replays, and `replay` is the fuzz command that finds it
 * again. Seed 0 and path "exhaustive" mark it; `runs_to_failure` is the case's position in the enumeration.
 */
export function caseReport(input: {
  readonly property: string;
  readonly violation: PropertyViolation;
  readonly testCase: ExhaustiveCase;
  readonly index: number;
  readonly level: Level;
  readonly implementation: Implementation;
  readonly requests: number;
  readonly outDir: string;
}): Report {
  const report = buildReport(
    {
      property: input.property,
      level: input.level,
      seed: 0,
      runs: 1,
      requests: input.requests,
      ms: 0,
      status: "failed",
      violation: input.violation,
      path: "exhaustive",
      replayPath: "",
      shrinks: 0,
      runsToFailure: input.index + 1,
      findMs: 0,
      counterexample: encodeCase(input.testCase),
    },
    input.implementation,
    { outDir: input.outDir },
  );
  const bound = Math.max(1, input.testCase.spans.length);
  return { ...report, replay: `npx prunecheck fuzz ${[...targetFlags(input.implementation.target), "--level", input.level, "--property", input.property, "--exhaustive", String(bound), "--time", "0"].join(" ")}` };
}
