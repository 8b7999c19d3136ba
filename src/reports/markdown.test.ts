import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../test/helpers/hostile-text.ts";
import { codeSpans, markdownLayout, markdownLines, tableCells } from "../../test/helpers/markdown.ts";
import type { Span } from "../wire/window.ts";
import { visibleControls, terminalText } from "./escape/terminal.ts";
import { renderReportMarkdown, renderSummaryMarkdown } from "./markdown.ts";
import type { Report } from "./report.ts";
import type { RunSummary } from "./summary.ts";

/** A code span's content as CommonMark shows it: what markdownCode promises for `text`. */
const shown = (text: string) => visibleControls(text.replace(/[\r\n]+/g, " ")) || " ";

/** No raw `<` outside code spans (inside one it is shown as a character): no HTML, no comment. */
function expectNoMarkup(lines: readonly string[]): void {
  for (const line of lines) expect(codeSpans(line).text).not.toContain("<");
}

function summaryOf(implementation: string): RunSummary {
  const passed = { status: "passed", runs: 5, requests: 20, ms: 10 } as const;
  return {
    implementation,
    level: "core",
    capabilities: ["prune"],
    runs: 6,
    requests: 21,
    violations: ["kept-untouched"],
    seconds: 1,
    seed: 1,
    interrupted: false,
    results: [
      { property: "depth-bound", ...passed },
      { property: "kept-untouched", status: "failed", runs: 1, requests: 1, ms: 5, violated: "kept-untouched", message: "span appeared", report: "out/kept-untouched-x-1" },
      { property: "deterministic", ...passed },
    ],
  };
}

describe("summary.md links", () => {
  it("link each report relative to the folder summary.md is written to, where the reports are", () => {
    expect(renderSummaryMarkdown(summaryOf("mine"), "out")).toContain("[report](kept-untouched-x-1.md)");
    expect(renderSummaryMarkdown(summaryOf("mine"), "merged")).toContain("[report](../out/kept-untouched-x-1.md)");
  });
});

describe("summary.md with a hostile implementation name", () => {
  it("keeps the heading on one line stating the real verdict, and every row of the table outside any comment", () => {
    fc.assert(
      fc.property(hostileText(), (name) => {
        const lines = markdownLines(renderSummaryMarkdown(summaryOf(name)));
        expect(codeSpans(lines[0] as string)).toEqual({ text: "## prunecheck:  at core: 1 violation(s)", code: [shown(name)] });
        expect(lines.slice(1, 4)).toEqual(["", "| property | verdict | runs | counterexample |", "| --- | --- | --- | --- |"]);
        expect(lines.slice(4, 7).map(tableCells)).toEqual([
          ["`depth-bound`", "✅ passed", "5", ""],
          ["`kept-untouched`", "❌ failed", "1", "[report](out/kept-untouched-x-1.md)"],
          ["`deterministic`", "✅ passed", "5", ""],
        ]);
        expect(lines[7]).toBe("");
        expectNoMarkup(lines);
      }),
    );
  });
});

const span = (span_id: string, text: string): Span => ({ span_id, text, tags: ["invariant"], externalized_key: null });

function reportOf(input: { name: string; ids: string[]; text: string; message: string; stderr: string }): Report {
  const before = { spans: input.ids.slice(1).map((id) => span(id, input.text)), derivation_depth: 0 };
  const after = { spans: input.ids.map((id) => span(id, input.text)), derivation_depth: 1 };
  return {
    format: "prunecheck-report/2",
    property: { id: "kept-untouched", level: "core", title: "Nothing invented", quote: "A *compaction* is reversible." },
    checked_property: "kept-untouched",
    level: "core",
    implementation: { name: input.name, capabilities: ["prune"], target: { kind: "cmd", command: "python3 a.py" } },
    origin: { kind: "random", seed: 1, path: "0:0", replayPath: "AA" },
    runs_to_failure: 1,
    shrinks: 0,
    finding: { message: input.message, span_id: input.ids[0] as string },
    story: [`${input.name} was asked to prune [${JSON.stringify(input.ids[0])}]; it refused.`, `Let ${JSON.stringify(input.ids[0])} be ${JSON.stringify(input.text)}.`, `That is the violation: ${input.message}.`],
    requests: [{ id: 3, op: "prune", window: before, evict_ids: [], store: {} }],
    response: { ok: true, window: after },
    before,
    after,
    stderr: input.stderr,
    replay: "npx prunecheck replay 'out dir/x.json'",
    counterexample: "prune[]",
    created: "2026-12-03T00:00:00.000Z",
  };
}

const hostileReport = fc.record({
  name: hostileText(),
  ids: fc.uniqueArray(hostileText({ minLength: 1 }), { minLength: 1, maxLength: 3 }),
  text: hostileText(),
  message: hostileText(),
  stderr: hostileText().map((text) => `${text}\n\`\`\`\n`),
});

describe("a report's Markdown with hostile names, ids, texts, messages and stderr", () => {
  it("keeps its headings, one list item per story line, and no markup from the data", () => {
    fc.assert(
      fc.property(hostileReport, (input) => {
        const report = reportOf(input);
        const { lines, unclosed } = markdownLayout(renderReportMarkdown(report));
        expect(unclosed).toBe(false);
        expect(codeSpans(lines[0] as string)).toEqual({ text: "#  violated by ", code: ["kept-untouched", shown(input.name)] });
        expect(lines.filter((line) => line.startsWith("#"))).toEqual([lines[0], "## What happened", "## The window before and after the failing request", "## Evidence", "## Replay"]);
        const items = lines.filter((line) => /^\d+\. /.test(line));
        expect(items.map((line) => line.slice(0, line.indexOf(" ")))).toEqual(["1.", "2.", "3."]);
        expect(items.at(-1)).toMatch(/^3\. That is the violation: /);
        expectNoMarkup(lines);
      }),
    );
  });

  it("holds the request, the response, the stderr and the replay line each in its own fence, exactly", () => {
    fc.assert(
      fc.property(hostileReport, (input) => {
        const report = reportOf(input);
        const { blocks } = markdownLayout(renderReportMarkdown(report));
        expect(blocks.map((block) => block.info)).toEqual(["json", "json", "text", "sh"]);
        const [request, response, stderr, replay] = blocks.map((block) => block.content);
        expect(JSON.parse(request as string)).toEqual(report.requests[0]);
        expect(JSON.parse(response as string)).toEqual(report.response);
        expect(stderr).toBe(terminalText(report.stderr.trimEnd()));
        expect(replay).toBe(report.replay);
      }),
    );
  });

  it("shows every span of the window after as one table row of five cells, its id in the first", () => {
    fc.assert(
      fc.property(hostileReport, (input) => {
        const report = reportOf(input);
        const { lines } = markdownLayout(renderReportMarkdown(report));
        const head = lines.indexOf("**After** (derivation_depth 1):");
        const rows = lines.slice(head + 4, head + 4 + input.ids.length).map(tableCells);
        expect(rows.map((cells) => cells.length)).toEqual(input.ids.map(() => 5));
        expect(rows.map((cells) => codeSpans(cells[0] as string).code)).toEqual(input.ids.map((id) => [shown(JSON.stringify(id))]));
        expect(lines[head + 4 + input.ids.length]).toBe("");
      }),
    );
  });
});

describe("summary.md from a summary.json anyone may have written (merge, issue 33)", () => {
  it("shows property names as code and escapes error codes: no tag, heading or comment opens", () => {
    const hostile = {
      ...summaryOf("mine"),
      results: [{ property: "<script>alert(1)</script>\n# heading <!--", status: "passed", runs: 1, requests: 1, ms: 1 } as const],
      error: { kind: "input", code: "<img src=x onerror=alert(1)>", message: "m" } as const,
    };
    const markdown = renderSummaryMarkdown(hostile);
    // In a code span, on its one line, Markdown shows `<` literally: nothing there opens.
    expect(markdown).toContain("| `<script>alert(1)</script> # heading <!--` | ✅ passed |");
    expect(markdown).not.toMatch(/<img|^# heading/m);
    expect(markdown).toContain("stopped by an error [&lt;img src=x onerror=alert(1)&gt;]");
  });
});
