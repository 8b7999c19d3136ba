import { InputError } from "../errors/input.ts";
import { readJsonAs } from "./read-json.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { replayEntry, type EntryOutcome } from "../../fuzz/replay-entry.ts";
import { Report, type Target } from "../reports/report.ts";
import { openTarget, type TargetOptions } from "./target.ts";
import { oneLine, type Io } from "./io.ts";
import { quoteName } from "../reports/escape/name.ts";

export function readReport(path: string): Promise<Report> {
  return readJsonAs(path, {
    schema: Report,
    what: "report",
    code: "invalid_report",
    readHint: "Give the path of a <property>-<impl>-<seed>.json file from a reports folder (replay takes the .json report, not the .md rendering).",
    invalidHint: "Was it written by a different prunecheck version? Re-run `prunecheck run` to get a fresh one.",
  });
}

export interface ReplayOutcome {
  readonly verdict: "still-fails" | "passes" | "interrupted";
  readonly message: string;
}

/**
 * Re-runs exactly the shrunk counterexample of a report against its implementation or the one given instead:
 * a model-based one by property, level, seed, path and replayPath, an exhaustive one by its single case.
 * It still fails: the fault is there; it passes: fixed. Once `signal` aborts, the adapter is stopped and
 * the outcome is `interrupted`, whatever the run says.
 */
export async function replayReport(report: Report, override: Target | null, options: TargetOptions, io: Io): Promise<ReplayOutcome> {
  const property = PROPERTIES.find((candidate) => candidate.id === report.checked_property);
  if (property === undefined) throw new InputError("invalid_report", `the report names property ${JSON.stringify(report.checked_property)}, which this prunecheck does not know`);
  const target = override ?? report.implementation.target;
  const driver = await openTarget(target, options);
  try {
    const result = await replayEntry(driver, { file: "", report }, {
      properties: [property],
      level: report.level,
      implementation: { name: driver.name, capabilities: driver.capabilities, target },
      outDir: ".",
    });
    const outcome = options.signal?.aborted ? { verdict: "interrupted" as const, message: "interrupted before it finished" } : judge(result, report, driver.name);
    io.line(`replay ${report.property.id} (seed ${report.seed}, path ${report.path}) on ${quoteName(driver.name)}: ${outcome.message}`);
    return outcome;
  } finally {
    await driver.close();
  }
}

function judge(result: EntryOutcome, report: Report, implementation: string): ReplayOutcome {
  switch (result.verdict) {
    case "still-fails":
      return { verdict: "still-fails", message: `still fails: ${result.report.property.id}: ${oneLine(result.report.finding.message)}` };
    case "passes":
      return { verdict: "passes", message: `passes now: the counterexample for ${report.property.id} no longer fails on ${implementation}` };
    default:
      // The harness itself threw (or could not judge), so "passes now" would be a lie.
      throw new Error(`replaying ${report.property.id} failed in the harness: ${result.verdict === "error" ? result.message : result.reason}`);
  }
}
