import type { Span, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import type { Report } from "./report.ts";
import type { RunSummary } from "./summary.ts";

/** A report as a page a design review can read: what broke, the story, the evidence, how to replay. */
export function renderReportMarkdown(report: Report): string {
  const last = report.requests.at(-1);
  return [
    `# \`${report.property.id}\` violated by ${report.implementation.name}`,
    "",
    `**${report.property.title}** (${report.property.level}; checked at ${report.level})`,
    "",
    `> ${report.property.seed}`,
    "",
    `**Finding:** ${report.finding.message}${report.finding.span_id === null ? "" : ` (span \`${JSON.stringify(report.finding.span_id)}\`)`}`,
    "",
    "## What happened",
    "",
    ...report.story.map((line, index) => `${index + 1}. ${line}`),
    "",
    "## The window before and after the failing request",
    "",
    windowTable("Before", report.before),
    "",
    windowTable("After", report.after),
    "",
    "## Evidence",
    "",
    `Failing request (${report.requests.length} request${report.requests.length === 1 ? "" : "s"} in the shrunk run; all are in the JSON report):`,
    "",
    fence(last ?? null),
    "",
    "Response:",
    "",
    report.response === null ? "_no valid response: the adapter broke the protocol on this request_" : fence(report.response),
    ...(report.stderr.trim() === "" ? [] : ["", "Adapter stderr (tail):", "", "```text", report.stderr.trimEnd(), "```"]),
    "",
    "## Replay",
    "",
    "```sh",
    report.replay,
    "```",
    "",
    `Seed \`${report.seed}\`, path \`${report.path}\`, replayPath \`${report.replayPath}\`; found after ${report.runs_to_failure} run(s), shrunk ${report.shrinks} time(s). Implementation capabilities: ${report.implementation.capabilities.join(", ")}.`,
    "",
  ].join("\n");
}

export function renderSummaryMarkdown(summary: RunSummary): string {
  const rows = summary.results.map(
    (result) => `| \`${result.property}\` | ${result.status === "failed" ? "❌ failed" : result.status === "passed" ? "✅ passed" : result.status} | ${result.runs} | ${result.report ? `[report](${result.report}.md)` : ""} |`,
  );
  const verdict = summary.error !== undefined
    ? `stopped by an error [${summary.error.code}]`
    : `${summary.interrupted ? "interrupted, " : ""}${summary.violations.length === 0 ? (summary.interrupted ? "no violation so far" : "conforms") : `${summary.violations.length} violation(s)`}`;
  // The message can quote the adapter's own output: a code block keeps it from being read as Markdown.
  const error = summary.error === undefined ? [] : [`**Error (${summary.error.kind}):**`, "", textBlock(summary.error.message), "", ...(summary.error.hint === undefined ? [] : [`**Hint:** ${summary.error.hint}`, ""])];
  return [
    `## prunecheck: ${summary.implementation} at ${summary.level}: ${verdict}`,
    "",
    ...error,
    "| property | verdict | runs | counterexample |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    `${summary.runs} runs, ${summary.requests} requests, ${summary.seconds.toFixed(1)} s; capabilities: ${summary.capabilities.join(", ")}.`,
    "",
  ].join("\n");
}

function windowTable(title: string, window: Window | null): string {
  if (window === null) return `**${title}:** _none_`;
  const head = [`**${title}** (derivation_depth ${window.derivation_depth}):`, "", "| span_id | kind | tags | externalized_key | text |", "| --- | --- | --- | --- | --- |"];
  return [...head, ...window.spans.map(row)].join("\n");
}

function row(span: Span): string {
  const cells = [JSON.stringify(span.span_id), kindOf(span), JSON.stringify(span.tags), JSON.stringify(span.externalized_key), JSON.stringify(span.text.length > 60 ? `${span.text.slice(0, 57)}…` : span.text)];
  return `| ${cells.map((cell) => `\`${cell.replace(/\|/g, "\\|").replace(/`/g, "ˋ")}\``).join(" | ")} |`;
}

/** Text as a code block whose fence is longer than any run of backticks inside it, so nothing inside can close it. */
function textBlock(text: string): string {
  const fence = "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));
  return [`${fence}text`, text, fence].join("\n");
}

function fence(value: unknown): string {
  return ["```json", JSON.stringify(value, null, 2), "```"].join("\n");
}
