import { relative } from "node:path";
import { capText } from "../errors/cap-text.ts";
import type { Span, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import type { Report } from "./report.ts";
import type { Origin } from "../models/origin.ts";
import { runVerdict, type RunSummary, type RunVerdict } from "./summary.ts";
import { linkTarget } from "./escape/url.ts";
import { markdownCell, markdownCode, markdownFence, markdownText } from "./escape/markdown.ts";
import { jsonWithoutControls, terminalText } from "./escape/terminal.ts";

/**
 * A report as a page a design review can read: what broke, the story, the evidence, how to replay.
 * Everything the adapter chose (its name, span ids, texts, messages, stderr) goes through escape/markdown.ts.
 */
export function renderReportMarkdown(report: Report): string {
  const last = report.requests.at(-1);
  const also = report.also ?? [];
  return [
    `# ${[report.property, ...also.map((entry) => entry.property)].map((property) => `\`${property.id}\``).join(also.length === 1 ? " and " : ", ")} violated by ${markdownCode(report.implementation.name)}`,
    "",
    `**${report.property.title}** (${report.property.level}; checked at ${report.level})`,
    "",
    `> ${report.property.quote}`,
    "",
    `**Finding:** ${findingText(report.finding)}`,
    "",
    // The same request breaks these too: each property's condition and finding, the story told once below.
    ...also.flatMap((entry) => [
      `**The same request breaks \`${entry.property.id}\`:** ${entry.property.title} (${entry.property.level}).`,
      "",
      `> ${entry.property.quote}`,
      "",
      `**Finding:** ${findingText(entry.finding)}`,
      "",
    ]),
    "## What happened",
    "",
    ...report.story.map((line, index) => `${index + 1}. ${markdownText(line)}`),
    "",
    "## The window before and after the failing request",
    "",
    windowTable("Before", report.before, report.excerpt?.before),
    "",
    windowTable("After", report.after, report.excerpt?.after),
    "",
    "## Evidence",
    "",
    ...(report.trimmed === undefined
      ? []
      : [
          `_The windows here held texts too long for a report prunecheck can read back: ${report.trimmed.texts} span text(s) over ${report.trimmed.cap} characters are shown by their start and end, the rest counted; the request a replay sends is whole._`,
          "",
        ]),
    `Failing request (${report.requests.length} request${report.requests.length === 1 ? "" : "s"} in the shrunk run; all are in the JSON report)${requestCutNote(report)}:`,
    "",
    fence(last ?? null),
    "",
    "Response:",
    "",
    report.response !== null
      ? fence(report.response)
      : report.answer_line === undefined
        ? "_no valid response: the adapter broke the protocol on this request_"
        : `_no valid response: the adapter broke the protocol on this request, writing this line:_\n\n${markdownFence(terminalText(report.answer_line), "text")}`,
    ...(report.stderr.trim() === "" ? [] : ["", "Adapter stderr (tail):", "", markdownFence(terminalText(report.stderr.trimEnd()), "text")]),
    "",
    "## Replay",
    "",
    markdownFence(report.replay, "sh"),
    "",
    `${originLine(report.origin)}; found after ${report.runs_to_failure} run(s)${seconds(report.find_ms)}, shrunk ${report.shrinks} time(s)${seconds(report.shrink_ms)}. Implementation capabilities: ${markdownText(report.implementation.capabilities.join(", "))}.`,
    ...(report.hang_shrink === undefined ? [] : ["", hangShrinkLine(report.hang_shrink)]),
    "",
  ].join("\n");
}

function findingText(finding: Report["finding"]): string {
  return `${markdownText(finding.message)}${finding.span_id === null ? "" : ` (span ${markdownCode(JSON.stringify(finding.span_id))})`}`;
}

function originLine(origin: Origin): string {
  switch (origin.kind) {
    case "random":
      return `Seed \`${origin.seed}\`, path \`${origin.path}\`, replayPath \`${origin.replayPath}\``;
    case "exhaustive":
      return `Exhaustive case #${origin.index}`;
    case "trace":
      return `Recorded at ${markdownText(origin.file)}, line ${origin.line}${origin.conversation === undefined ? "" : `, conversation ${markdownText(origin.conversation)}`}`;
  }
}

/** `folder` is where summary.md is written: the reports' paths (relative to the working directory) are linked from there. */
export function renderSummaryMarkdown(summary: RunSummary, folder = "."): string {
  const rows = summary.results.map(
    (result) => `| ${markdownCell(markdownCode(result.property))} | ${result.status === "failed" ? "❌ failed" : result.status === "passed" ? "✅ passed" : result.status} | ${result.runs} | ${result.report ? `[report](${linkTarget(`${relative(folder, result.report)}.md`)})` : ""} |`,
  );
  const verdict = markdownVerdict(runVerdict(summary), summary.violations.length);
  // The message can quote the adapter's own output: a code block keeps it from being read as Markdown.
  const error = summary.error === undefined ? [] : [`**Error (${summary.error.kind}):**`, "", markdownFence(summary.error.message, "text"), "", ...(summary.error.hint === undefined ? [] : [`**Hint:** ${markdownText(summary.error.hint)}`, ""])];
  return [
    `## prunecheck: ${markdownCode(summary.implementation)} at ${summary.level}: ${verdict}`,
    "",
    ...error,
    "| property | verdict | runs | counterexample |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    `${summary.runs} runs, ${summary.requests} requests, ${summary.seconds.toFixed(1)} s; capabilities: ${markdownText(summary.capabilities.join(", "))}.`,
    "",
  ].join("\n");
}

function markdownVerdict(verdict: RunVerdict, violations: number): string {
  const found = `${violations} violation(s)`;
  switch (verdict.kind) {
    case "stopped":
      return `stopped by an error [${markdownText(verdict.code)}]`;
    case "interrupted":
      return `interrupted, ${violations === 0 ? "no violation so far" : found}`;
    case "unchecked":
      return `not fully checked (${uncheckedCount(verdict.errored.length, verdict.unjudged.length)}), ${violations === 0 ? "no violation in what was checked" : found}`;
    case "empty":
      return `checked for nothing (${verdict.skipped} ${verdict.skipped === 1 ? "property" : "properties"} skipped, none judged)`;
    case "checked":
      return violations === 0 ? "conforms" : found;
  }
}

function uncheckedCount(errored: number, unjudged: number): string {
  const count = (n: number) => `${n} ${n === 1 ? "property" : "properties"}`;
  return [...(errored === 0 ? [] : [`${count(errored)} stopped by an error`]), ...(unjudged === 0 ? [] : [`${count(unjudged)} not judged`])].join("; ");
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? "" : ` in ${(ms / 1000).toFixed(1)} s`;
}

function hangShrinkLine(hang: NonNullable<Report["hang_shrink"]>): string {
  const shrunk = `Shrinking gave each smaller case ${Math.round(hang.timeout_ms)} ms per request (the slowest answer seen was ${Math.round(hang.slowest_answer_ms)} ms) instead of the full ${Math.round(hang.full_timeout_ms)} ms`;
  return hang.smallest_confirmed
    ? `${shrunk}; this case was then run again at the full timeout and hung there too.`
    : `${shrunk}; the smallest case that timed out answered at the full timeout (it was only slow), so this is the smallest one that also hung at the full timeout.`;
}

type WindowCut = NonNullable<Report["excerpt"]>["before"];

/** A window as a table; one cut short (see excerpt.ts) shows a row for each run of spans left out, where it was. */
function windowTable(title: string, window: Window | null, cut: WindowCut): string {
  if (window === null) return `**${title}:** _none_`;
  const size = cut === undefined ? "" : `, ${cut.spans} spans of which the ${window.spans.length} that matter most to this finding are shown`;
  const head = [`**${title}** (derivation_depth ${window.derivation_depth}${size}):`, "", "| span_id | kind | tags | externalized_key | text |", "| --- | --- | --- | --- | --- |"];
  const rows = window.spans.map(row);
  // Each run of left-out spans sits before the shown span at its end: walk the runs from the last, inserting.
  for (const run of [...(cut?.left_out ?? [])].reverse()) rows.splice(run.at - leftOutBefore(cut, run.at), 0, `| _${run.count} span${run.count === 1 ? "" : "s"} not shown (${run.count === 1 ? `position ${run.at + 1}` : `positions ${run.at + 1} to ${run.at + run.count}`})_ | | | | |`);
  return [...head, ...rows].join("\n");
}

/** How many spans the runs of `cut` leave out before index `at` of the whole window. */
function leftOutBefore(cut: WindowCut, at: number): number {
  return (cut?.left_out ?? []).filter((run) => run.at < at).reduce((sum, run) => sum + run.count, 0);
}

function requestCutNote(report: Report): string {
  const cut = report.excerpt?.requests?.at(-1);
  if (cut === undefined || cut === null) return "";
  const shown = cut.spans - cut.left_out.reduce((sum, run) => sum + run.count, 0);
  return `; its window is shown by the ${shown} of its ${cut.spans} spans that matter most, and its store without the ${cut.store_left_out} entries no shown span names`;
}

function row(span: Span): string {
  const cells = [JSON.stringify(span.span_id), kindOf(span), JSON.stringify(span.tags), JSON.stringify(span.externalized_key), JSON.stringify(span.text.length > 60 ? `${span.text.slice(0, 57)}…` : span.text)];
  return `| ${cells.map((cell) => markdownCell(markdownCode(cell))).join(" | ")} |`;
}

/** A page for reading: past this, a request or response is cut here and is whole in the JSON report. */
const MAX_FENCED_CHARS = 64 * 1024;

function fence(value: unknown): string {
  return markdownFence(jsonWithoutControls(capText(JSON.stringify(value, null, 2), MAX_FENCED_CHARS)), "json");
}
