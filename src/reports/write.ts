import { dirname, join } from "node:path";
import { makeDir, writeFileAtomic } from "../files/write-atomic.ts";
import { renderJUnit } from "./junit.ts";
import { renderReportMarkdown, renderSummaryMarkdown } from "./markdown.ts";
import type { Report } from "./report.ts";
import { reportFileStem } from "./build.ts";
import type { RunSummary } from "./summary.ts";

/** Writes one report as `<stem>.json` and `<stem>.md`; returns the stem's path. */
export async function writeReport(outDir: string, report: Report): Promise<string> {
  makeDir(outDir);
  const stem = join(outDir, reportFileStem(report));
  await writeFileAtomic(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(`${stem}.md`, renderReportMarkdown(report));
  return stem;
}

/** `summary.json` and `summary.md` (with `markdownTail` after the table) always; JUnit XML where asked. */
export async function writeSummary(outDir: string, summary: RunSummary, junitPath?: string, markdownTail = ""): Promise<void> {
  makeDir(outDir);
  await writeFileAtomic(join(outDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFileAtomic(join(outDir, "summary.md"), renderSummaryMarkdown(summary, outDir) + markdownTail);
  if (junitPath !== undefined) {
    makeDir(dirname(junitPath));
    await writeFileAtomic(junitPath, renderJUnit(summary));
  }
}
