import type { ResultLine } from "../reports/summary.ts";
import { oneLine } from "./io.ts";

/** What a front end adds to a verdict line: a campaign says how its runs were made and where a counterexample came from. */
export interface VerdictDetail {
  /** Replaces "N runs" in a passed line, e.g. "12 exhaustive cases, 200 runs in 2 rounds". */
  readonly runs?: string;
  /** Follows the property id in a failed line, e.g. " [round 3, seed 42]". */
  readonly origin?: string;
}

/** One property's verdict as `run` and `fuzz` print it: one terminal line, then the path of its report. */
export function verdictLine(line: ResultLine, detail: VerdictDetail = {}): string {
  switch (line.status) {
    case "passed":
      return `✔ ${line.property} (${detail.runs ?? `${line.runs} runs`}, ${line.requests} requests)`;
    case "failed": {
      if (line.same_fault_as !== undefined) return `✖ ${line.property}: the same adapter fault as ${line.same_fault_as}, shrunk once (its report above)`;
      if (line.same_counterexample_as !== undefined)
        return `✖ ${line.property}: ${oneLine(line.message ?? "")}; the same counterexample as ${line.same_counterexample_as}'s, told in its report above`;
      const violated = line.violated === line.property ? "" : `${line.violated}: `;
      return `✖ ${line.property}${detail.origin ?? ""}: ${violated}${oneLine(line.message ?? "")}${line.report ? `\n    report: ${line.report}.md` : ""}`;
    }
    default:
      return `! ${line.property}: ${line.status}${line.message ? `: ${oneLine(line.message)}` : line.reason ? ` (${line.reason})` : ""}`;
  }
}
