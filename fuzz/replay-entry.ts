import type { Driver } from "../src/adapters/driver.ts";
import type { Level, Property } from "../src/models/property.ts";
import { checkProperty } from "../src/models/run.ts";
import { buildReport, type Implementation } from "../src/reports/build.ts";
import type { Report } from "../src/reports/report.ts";
import type { CorpusEntry } from "./corpus.ts";
import { decodeCase } from "./exhaustive.ts";
import { caseReport, judgeCase } from "./judge.ts";

export type EntryOutcome =
  | { readonly verdict: "still-fails"; readonly report: Report; readonly requests: number }
  | { readonly verdict: "passes"; readonly requests: number }
  | { readonly verdict: "skipped"; readonly reason: string }
  | { readonly verdict: "error"; readonly message: string };

export interface ReplayContext {
  /** The properties this campaign checks: an entry for any other is skipped. */
  readonly properties: readonly Property[];
  readonly level: Level;
  readonly implementation: Implementation;
  readonly outDir: string;
}

/**
 * Re-runs one corpus entry exactly, as `prunecheck replay` does (property, seed, path and replayPath, at
 * most one run), or, for an exhaustive case, its one request; at the campaign's level, so a strict entry
 * is skipped by a core campaign. A failure comes back as a fresh report.
 */
export async function replayEntry(driver: Driver, entry: CorpusEntry, context: ReplayContext): Promise<EntryOutcome> {
  const { report } = entry;
  const property = context.properties.find((candidate) => candidate.id === report.checked_property);
  if (property === undefined) return { verdict: "skipped", reason: `${report.checked_property} is not checked in this campaign` };
  if (report.level === "strict" && context.level === "core") return { verdict: "skipped", reason: "found at strict, this campaign is core" };
  const testCase = decodeCase(report.counterexample);
  if (testCase !== null) {
    const { requests, violations } = await judgeCase(driver, testCase, [property], context.level);
    const violation = violations.get(property.id);
    if (violation === undefined) return { verdict: "passes", requests };
    const fresh = caseReport({ property: property.id, violation, testCase, index: report.runs_to_failure - 1, level: context.level, implementation: context.implementation, requests, outDir: context.outDir });
    return { verdict: "still-fails", report: fresh, requests };
  }
  const lost: EntryOutcome = { verdict: "skipped", reason: `its path ${report.path} leads to no run of seed ${report.seed} (was the report edited, or written by another prunecheck version?)` };
  let result: Awaited<ReturnType<typeof checkProperty>>;
  try {
    result = await checkProperty(driver, property, { level: context.level, numRuns: 1, seed: report.seed, path: report.path, replayPath: report.replayPath });
  } catch (error) {
    // fast-check walks the path before the first run and throws where a step has nothing to shrink...
    if (!(error instanceof Error && error.message.startsWith("Unable to replay"))) throw error;
    return lost;
  }
  // ...but a last step past the end of its shrinks runs nothing at all, which is no pass.
  if (result.runs === 0) return lost;
  switch (result.status) {
    case "failed":
      return { verdict: "still-fails", report: buildReport(result, context.implementation, { outDir: context.outDir }), requests: result.requests };
    case "error":
      return { verdict: "error", message: result.error instanceof Error ? result.error.message : String(result.error) };
    default:
      return { verdict: "passes", requests: result.requests };
  }
}
