import { join } from "node:path";
import { readJsonAs } from "../files/read-json.ts";
import { mergeSummaries, noSummaries, SummaryFile } from "../../fuzz/merge.ts";
import { exhaustiveLine, renderFuzzMarkdown, throughputLine } from "../../fuzz/summary.ts";
import { summaryLine } from "../reports/summary.ts";
import { writeSummary } from "../reports/write.ts";
import { parse } from "./args.ts";
import { renderUsage } from "./help.ts";
import type { Io } from "../console/io.ts";
import { exitCodeOf } from "./exit-code.ts";
import { checkRunOutputs } from "../files/output-paths.ts";

/** `prunecheck merge`: shard summaries in, one summary out; exit 1 when the merged campaign found violations. */
export async function mergeCommand(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse("merge", argv, { out: { type: "string" }, junit: { type: "string" }, help: { type: "boolean", short: "h" } }, true);
  if (values.help) {
    io.line(renderUsage("merge"));
    return 0;
  }
  const outDir = values.out ?? "reports";
  // Before the output folder is made: a merge of nothing leaves nothing behind.
  if (positionals.length === 0) throw noSummaries();
  checkRunOutputs(outDir, values.junit);
  const merged = mergeSummaries(await Promise.all(positionals.map(readSummary)));
  await writeSummary(outDir, merged, values.junit, "fuzz" in merged ? renderFuzzMarkdown(merged) : "");
  if ("fuzz" in merged) {
    io.line(exhaustiveLine(merged.fuzz.exhaustive));
    io.line(throughputLine(merged));
  }
  io.line(`merged ${positionals.length} summaries into ${join(outDir, "summary.json")}`);
  io.line(summaryLine(merged));
  return exitCodeOf(merged);
}

function readSummary(path: string): Promise<SummaryFile> {
  return readJsonAs(path, {
    schema: SummaryFile,
    what: "summary",
    code: "invalid_report",
    readHint: "Give the summary.json of each shard (not summary.md), e.g. from the CI artifacts.",
    invalidHint: "Give summary.json files written by `prunecheck fuzz` or `prunecheck run`.",
  });
}
