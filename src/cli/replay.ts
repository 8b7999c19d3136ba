import { InputError } from "../errors/input.ts";
import { readJsonAs } from "../files/read-json.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { replayEntry, type EntryOutcome } from "../engine/replay-entry.ts";
import { Report, withRequestsAsWritten, type Target } from "../reports/report.ts";
import type { Origin } from "../models/origin.ts";
import { targetFlags } from "../reports/build.ts";
import { describeTarget, openTarget, type TargetOptions } from "../engine/target.ts";
import { oneLine, type Io } from "../console/io.ts";
import { quoteName } from "../reports/escape/name.ts";
import { HarnessError } from "../errors/harness.ts";
import type { Driver } from "../transport/driver.ts";

export function readReport(path: string): Promise<Report> {
  return readJsonAs(path, {
    schema: Report,
    what: "report",
    code: "invalid_report",
    readHint: "Give the path of a <property>-<impl>-<seed>.json file from a reports folder (replay takes the .json report, not the .md rendering).",
    invalidHint: "Was it written by a different prunecheck version? Re-run `prunecheck run` to get a fresh one.",
    finish: withRequestsAsWritten,
  });
}

export interface ReplayOutcome {
  readonly verdict: "still-fails" | "passes" | "interrupted";
  readonly message: string;
}

/**
 * What a replay runs: the implementation the user names (`--cmd`/`--impl`), the embedded reference, or,
 * only when the user opts in with `--trust-target`, the command or module the report names. A report is a
 * file people download and corpus entries arrive in pull requests: running what one names unasked would
 * make reading a report code execution.
 */
export function replayTarget(report: Report, file: string, override: Target | null, trustTarget: boolean): Target {
  // A finding that needed what its conversation's earlier exchanges showed cannot be re-sent alone: the
  // report does not hold them, and a fixed pruner and an unfixed one could both pass. Said before anything starts.
  if (report.origin.kind === "trace" && report.origin.standalone !== true)
    throw new InputError(
      "not_replayable",
      `${file} was found in a recorded trace (${report.origin.file}:${report.origin.line}) with what the conversation's earlier exchanges showed, so its exchange cannot be re-run on its own`,
      `Record the fixed pruner where the fault showed (prunecheck record, or recordPruner / record() in process) and audit that trace: prunecheck audit <trace.jsonl>.`,
    );
  if (override !== null) return override;
  const recorded = report.implementation.target;
  if (recorded.kind === "recorded")
    throw new InputError(
      "no_target",
      `${file} was found in a recorded trace, so it names no implementation to replay it on`,
      `Name the fixed implementation: prunecheck replay ${file} --cmd "<your adapter>" (or --impl <module>).`,
    );
  if (recorded.kind === "reference" || trustTarget) return recorded;
  throw new InputError(
    "untrusted_target",
    `${file} was found on ${describeTarget(recorded)}; replay does not run a command or load a module named inside a report unless you say so`,
    `Name the implementation yourself: prunecheck replay ${[file, ...targetFlags(recorded)].join(" ")} (after reading what it runs), or add --trust-target to run what the report names.`,
  );
}

/**
 * Re-runs exactly the shrunk counterexample of a report against `target` (see replayTarget):
 * by its origin: a random run by property, level, seed, path and replayPath, an exhaustive case by its one request.
 * It still fails: the fault is there; it passes: fixed. Once `signal` aborts, the adapter is stopped and
 * the outcome is `interrupted`, whatever the run says.
 */
export async function replayReport(report: Report, target: Target, options: TargetOptions, io: Io): Promise<ReplayOutcome> {
  // Each property the counterexample broke is judged again, one line each: it passes only once it breaks none.
  const judged = [report, ...(report.also ?? []).map((also) => ({ ...report, ...also, also: undefined }))].map((each) => {
    const property = PROPERTIES.find((candidate) => candidate.id === each.checked_property);
    if (property === undefined)
      throw new InputError("invalid_report", `the report names property ${JSON.stringify(each.checked_property)}, which this prunecheck does not know`);
    return { report: each, property };
  });
  const interrupted = { verdict: "interrupted" as const, message: "interrupted before it finished" };
  let driver: Driver;
  try {
    driver = await openTarget(target, options);
  } catch (error) {
    // Stopped while the implementation started (a module's load is stopped at once): no verdict, not an error.
    if (options.signal?.aborted !== true) throw error;
    io.line(`replay ${report.property.id} (${describeOrigin(report.origin)}) on ${describeTarget(target)}: ${interrupted.message}`);
    return interrupted;
  }
  try {
    const outcomes: ReplayOutcome[] = [];
    for (const { report: each, property } of judged) {
      const result = await replayEntry(
        driver,
        { file: "", report: each },
        {
          properties: [property],
          level: each.level,
          implementation: { name: driver.name, capabilities: driver.capabilities, target },
          outDir: ".",
        },
      );
      const outcome = options.signal?.aborted ? interrupted : judge(result, each, driver.name);
      io.line(`replay ${each.property.id} (${describeOrigin(each.origin)}) on ${quoteName(driver.name)}: ${outcome.message}`);
      if (outcome.verdict === "interrupted") return outcome;
      outcomes.push(outcome);
    }
    return outcomes.find((outcome) => outcome.verdict === "still-fails") ?? (outcomes[0] as ReplayOutcome);
  } finally {
    await driver.close();
  }
}

function describeOrigin(origin: Origin): string {
  switch (origin.kind) {
    case "random":
      return `seed ${origin.seed}, path ${origin.path}`;
    case "exhaustive":
      return `exhaustive case #${origin.index}`;
    case "trace":
      return `${origin.file}:${origin.line}`;
  }
}

function judge(result: EntryOutcome, report: Report, implementation: string): ReplayOutcome {
  switch (result.verdict) {
    case "still-fails":
      return { verdict: "still-fails", message: `still fails: ${result.report.property.id}: ${oneLine(result.report.finding.message)}` };
    case "passes":
      return { verdict: "passes", message: `passes now: the counterexample for ${report.property.id} no longer fails on ${implementation}` };
    case "skipped":
      // The property is known and the level is the report's own, so only the report itself can be at fault.
      throw new InputError(
        "invalid_report",
        `the report cannot be replayed: ${result.reason}`,
        "Re-run `prunecheck run` with the report's seed to get a fresh one.",
      );
    case "error":
      // The harness itself threw, so "passes now" would be a lie.
      throw new HarnessError("replay_failed", `replaying ${report.property.id} failed in the harness: ${result.message}`);
  }
}
