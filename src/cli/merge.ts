import { appendFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describeIssues, InputError } from "../errors/input.ts";
import { mergeSummaries, SummaryFile } from "../../fuzz/merge.ts";
import { exhaustiveLine, renderFuzzMarkdown, throughputLine } from "../../fuzz/summary.ts";
import { summaryLine } from "../reports/summary.ts";
import { writeSummary } from "../reports/write.ts";
import { parse } from "./args.ts";
import { renderUsage } from "./help.ts";
import type { Io } from "./io.ts";

/** `prunecheck merge`: shard summaries in, one summary out; exit 1 when the merged campaign found violations. */
export async function mergeCommand(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse("merge", argv, { out: { type: "string" }, junit: { type: "string" }, help: { type: "boolean", short: "h" } }, true);
  if (values.help) {
    io.line(renderUsage("merge"));
    return 0;
  }
  const merged = mergeSummaries(await Promise.all(positionals.map(readSummary)));
  const outDir = values.out ?? "reports";
  await writeSummary(outDir, merged, values.junit);
  if ("fuzz" in merged) {
    await appendFile(join(outDir, "summary.md"), renderFuzzMarkdown(merged));
    io.line(exhaustiveLine(merged.fuzz.exhaustive));
    io.line(throughputLine(merged));
  }
  io.line(`merged ${positionals.length} summaries into ${join(outDir, "summary.json")}`);
  io.line(summaryLine(merged));
  return merged.violations.length > 0 ? 1 : merged.results.some((result) => result.status === "error") ? 2 : 0;
}

async function readSummary(path: string): Promise<SummaryFile> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InputError("unreadable_file", `cannot read summary ${path}: ${error.code ?? error.message}`, "Give the summary.json of each shard, e.g. from the CI artifacts.");
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError("invalid_json", `${path} is not JSON: ${(error as Error).message}`, "Merge takes summary.json files, not summary.md.");
  }
  const parsed = SummaryFile.safeParse(json);
  if (!parsed.success) throw new InputError("invalid_report", `${path} is not a prunecheck summary: ${describeIssues(parsed.error)}`, "Give summary.json files written by `prunecheck fuzz` or `prunecheck run`.");
  return parsed.data;
}
