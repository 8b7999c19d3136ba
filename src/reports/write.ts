import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { renderJUnit } from "./junit.ts";
import { renderReportMarkdown, renderSummaryMarkdown } from "./markdown.ts";
import type { Report } from "./report.ts";
import { reportFileStem } from "./build.ts";
import type { RunSummary } from "./summary.ts";

/** Writes one report as `<stem>.json` and `<stem>.md`; returns the stem's path. */
export async function writeReport(outDir: string, report: Report): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const stem = join(outDir, reportFileStem(report));
  await writeFile(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${stem}.md`, renderReportMarkdown(report));
  return stem;
}

/** `summary.json` and `summary.md` always; JUnit XML where asked. */
export async function writeSummary(outDir: string, summary: RunSummary, junitPath?: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(join(outDir, "summary.md"), renderSummaryMarkdown(summary));
  if (junitPath !== undefined) {
    await mkdir(dirname(junitPath), { recursive: true });
    await writeFile(junitPath, renderJUnit(summary));
  }
}
