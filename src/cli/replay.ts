import { readFile } from "node:fs/promises";
import { describeIssues, InputError } from "../errors/input.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { checkProperty, type PropertyResult } from "../models/run.ts";
import { Report, type Target } from "../reports/report.ts";
import { openTarget, type TargetOptions } from "./target.ts";
import { oneLine, type Io } from "./io.ts";

export async function readReport(path: string): Promise<Report> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InputError("unreadable_file", `cannot read report ${path}: ${error.code ?? error.message}`, "Give the path of a <property>-<impl>-<seed>.json file from a reports folder.");
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError("invalid_json", `${path} is not JSON: ${(error as Error).message}`, "Replay takes the .json report, not the .md rendering.");
  }
  const parsed = Report.safeParse(json);
  if (!parsed.success) {
    throw new InputError("invalid_report", `${path} is not a prunecheck report: ${describeIssues(parsed.error)}`, "Was it written by a different prunecheck version? Re-run `prunecheck run` to get a fresh one.");
  }
  return parsed.data;
}

export interface ReplayOutcome {
  readonly verdict: "still-fails" | "passes" | "interrupted";
  readonly message: string;
}

/**
 * Re-runs exactly the shrunk counterexample of a report (property, level, seed, path and replayPath) against
 * its implementation or the one given instead. It still fails: the fault is there; it passes: fixed.
 * Once `signal` aborts, the adapter is stopped and the outcome is `interrupted`, whatever the run says.
 */
export async function replayReport(report: Report, override: Target | null, options: TargetOptions, io: Io): Promise<ReplayOutcome> {
  const property = PROPERTIES.find((candidate) => candidate.id === report.checked_property);
  if (property === undefined) throw new InputError("invalid_report", `the report names property ${JSON.stringify(report.checked_property)}, which this prunecheck does not know`);
  const driver = await openTarget(override ?? report.implementation.target, options);
  try {
    const result = await checkProperty(driver, property, {
      level: report.level,
      numRuns: 1,
      seed: report.seed,
      path: report.path,
      replayPath: report.replayPath,
    });
    const outcome = options.signal?.aborted ? { verdict: "interrupted" as const, message: "interrupted before it finished" } : judge(result, report, driver.name);
    io.line(`replay ${report.property.id} (seed ${report.seed}, path ${report.path}) on ${driver.name}: ${outcome.message}`);
    return outcome;
  } finally {
    await driver.close();
  }
}

function judge(result: PropertyResult, report: Report, implementation: string): ReplayOutcome {
  switch (result.status) {
    case "failed":
      return { verdict: "still-fails", message: `still fails: ${result.violation.propertyId}: ${oneLine(result.violation.finding.message)}` };
    case "error":
      // Not a PropertyViolation: the harness itself threw, so "passes now" would be a lie.
      throw new Error(`replaying ${report.property.id} crashed the harness: ${result.error instanceof Error ? result.error.message : String(result.error)}`, { cause: result.error });
    default:
      return { verdict: "passes", message: `passes now: the counterexample for ${report.property.id} no longer fails on ${implementation}` };
  }
}
