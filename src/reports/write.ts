import { dirname, join } from "node:path";
import { makeDir, writeFileAtomic, writeFileAtomicSync } from "../files/write-atomic.ts";
import { renderJUnit } from "./junit.ts";
import { summaryWritten } from "./last-words.ts";
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
  for (const { path, text } of summaryFiles(outDir, summary, junitPath, markdownTail)) {
    makeDir(dirname(path));
    await writeFileAtomic(path, text);
  }
  summaryWritten(outDir);
}

/** writeSummary for a process's last moment, when nothing asynchronous runs again. */
export function writeSummarySync(outDir: string, summary: RunSummary, junitPath?: string): void {
  for (const { path, text } of summaryFiles(outDir, summary, junitPath, "")) {
    makeDir(dirname(path));
    writeFileAtomicSync(path, text);
  }
}

function summaryFiles(outDir: string, summary: RunSummary, junitPath: string | undefined, markdownTail: string): { path: string; text: string }[] {
  return [
    { path: join(outDir, "summary.json"), text: `${JSON.stringify(summary, null, 2)}\n` },
    { path: join(outDir, "summary.md"), text: renderSummaryMarkdown(summary, outDir) + markdownTail },
    ...(junitPath === undefined ? [] : [{ path: junitPath, text: renderJUnit(summary) }]),
  ];
}
