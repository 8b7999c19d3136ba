import { rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { readJsonAs } from "../files/read-json.ts";
import { lstatOrNull, makeDir, writeFileAtomic, writeFileAtomicSync } from "../files/write-atomic.ts";
import { renderJUnit } from "./junit.ts";
import { summaryWritten } from "./last-words.ts";
import { renderReportMarkdown, renderSummaryMarkdown } from "./markdown.ts";
import type { Report } from "./report.ts";
import { reportFileStem } from "./build.ts";
import { RunSummary } from "./summary.ts";

/** Writes one report as `<stem>.json` and `<stem>.md`; returns the stem's path. */
export async function writeReport(outDir: string, report: Report): Promise<string> {
  makeDir(outDir);
  const stem = join(outDir, reportFileStem(report));
  await writeFileAtomic(`${stem}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(`${stem}.md`, renderReportMarkdown(report));
  return stem;
}

/**
 * Removes the reports the summary.json already in `outDir` names, so that a run's folder holds its own reports
 * only (issue 46: a passing run left the last failing run's reports beside its summary, and CI uploaded them).
 * Only what prunecheck wrote goes: files the summary names as a result's report, directly in `outDir`, each a
 * regular file ending .json or .md; a summary it cannot read, or one naming anything else, removes nothing.
 * Returns how many files went.
 */
export async function removeEarlierReports(outDir: string): Promise<number> {
  const summary = await readJsonAs(join(outDir, "summary.json"), { schema: RunSummary, what: "summary", code: "invalid_report", readHint: "", invalidHint: "" }).catch(
    () => null,
  );
  const folder = resolve(outDir);
  let removed = 0;
  for (const stem of new Set(summary?.results.flatMap((result) => (result.report === undefined ? [] : [result.report])) ?? [])) {
    if (dirname(resolve(stem)) !== folder) continue;
    for (const file of [`${stem}.json`, `${stem}.md`]) {
      if (lstatOrNull(file)?.isFile() !== true) continue;
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
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
