import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { junitCases, lastLine, readReports, ROOT, type Spawned, spawnCli, tempDir } from "../cli/helpers.ts";
import { terminalText } from "../../src/reports/escape/terminal.ts";
import { codeSpans, markdownLayout, markdownLines, tableCells } from "../helpers/markdown.ts";
const FIXTURE = join(ROOT, "test", "fixtures", "hostile", "escaping");
const ADAPTER = `"${process.execPath}" "${join(FIXTURE, "adapter.mjs")}"`;
/** The words the adapter uses: its hello name, the span id it invents, what it writes to stderr. */
const HOSTILE = JSON.parse(readFileSync(join(FIXTURE, "hostile.json"), "utf8")) as { name: string; span_id: string; text: string; stderr: string };
/** What a terminal must not receive: C0 controls but the line break, DEL, C1, line separators, direction overrides. */
const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function run(args: readonly string[]): Promise<Spawned> {
  return spawnCli(["run", "--property", "kept-untouched", "--runs", "5", "--seed", "1", ...args], { timeoutMs: 30_000 });
}

/** No raw `<` outside code spans in the lines outside fences: the data opened no HTML and no comment. */
function expectNoMarkup(markdown: string): void {
  for (const line of markdownLayout(markdown).lines) expect(codeSpans(line).text).not.toContain("<");
}

describe("an adapter whose name, span ids, texts and stderr attack the renderings", () => {
  const out = tempDir();
  const junit = join(out, "junit.xml");
  let result: Spawned;

  beforeAll(async () => {
    result = await run(["--cmd", ADAPTER, "--out", out, "--junit", junit]);
  }, 30_000);

  it("the terminal receives no control character, and the last line quotes the name and states the violation", () => {
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).not.toMatch(TERMINAL_CONTROL);
    expect(lastLine(result.stdout)).toMatch(new RegExp(`^prunecheck: ${escapeRegExp(JSON.stringify(HOSTILE.name))} VIOLATES kept-untouched at core \\(`));
    expect(result.stdout).toContain(`✖ kept-untouched: span ${JSON.stringify(HOSTILE.span_id)} appeared from nowhere`);
  });

  it("summary.md keeps its heading on one line with the real verdict, and its table outside any comment", () => {
    const markdown = readFileSync(join(out, "summary.md"), "utf8");
    const lines = markdownLines(markdown);
    expect(codeSpans(lines[0] as string).text).toBe("## prunecheck:  at core: 1 violation(s)");
    expect(lines[2]).toBe("| property | verdict | runs | counterexample |");
    const row = lines.find((line) => line.startsWith("| `kept-untouched` |"));
    expect(tableCells(row as string).slice(0, 2)).toEqual(["`kept-untouched`", "❌ failed"]);
    // The comment opener is there, shown as code inside the heading's code span, and nowhere else.
    expect(codeSpans(lines[0] as string).code[0]).toContain("<!--");
    expect(lines.slice(1).join("\n")).not.toContain("<!--");
    expectNoMarkup(markdown);
  });

  it("the report's Markdown tells the violation with the hostile span in its table, and the data opens nothing", () => {
    const [{ stem, report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
    const markdown = readFileSync(`${stem}.md`, "utf8");
    const layout = markdownLayout(markdown);
    expect(layout.unclosed).toBe(false);
    expect(codeSpans(layout.lines[0] as string).text).toBe("#  violated by ");
    expect(layout.lines.filter((line) => line.startsWith("#"))).toEqual([
      layout.lines[0],
      "## What happened",
      "## The window before and after the failing request",
      "## Evidence",
      "## Replay",
    ]);
    expect(layout.lines.filter((line) => /^\d+\. /.test(line))).toHaveLength(report.story.length);
    expect(layout.lines.find((line) => line.startsWith(`${report.story.length}. That is the violation: span `))).toContain("appeared from nowhere");
    const rows = layout.lines.filter((line) => line.startsWith("| ") && !line.startsWith("| span_id") && !line.startsWith("| ---")).map(tableCells);
    expect(rows.every((cells) => cells.length === 5)).toBe(true);
    expect(rows.some((cells) => codeSpans(cells[0] as string).code[0] === JSON.stringify(HOSTILE.span_id))).toBe(true);
    expect(layout.blocks.map((block) => block.info)).toEqual(["json", "json", "sh"]);
    expect(JSON.parse(layout.blocks[1]?.content as string)).toEqual(report.response);
    expectNoMarkup(markdown);
  });

  it("JUnit names the failure with the name and id escaped, and nothing from them is a tag", () => {
    const xml = readFileSync(junit, "utf8");
    expect(junitCases(xml).map((testcase) => testcase.name)).toEqual(["kept-untouched"]);
    expect(xml).not.toContain("<img");
    expect(xml).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
});

describe("an adapter whose stderr closes code fences and retitles the terminal", () => {
  it("the report holds its stderr tail in one fence that closes where it should, controls made visible", async () => {
    const out = tempDir();
    const result = await run(["--cmd", `${ADAPTER} --junk`, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).not.toMatch(TERMINAL_CONTROL);
    const [{ stem, report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
    expect(report.stderr).toContain(HOSTILE.stderr);
    const layout = markdownLayout(readFileSync(`${stem}.md`, "utf8"));
    expect(layout.unclosed).toBe(false);
    // The request, the junk line it got back, the stderr tail, the replay command.
    expect(layout.blocks.map((block) => block.info)).toEqual(["json", "text", "text", "sh"]);
    expect(layout.blocks[1]?.content).toBe(terminalText(report.answer_line ?? "(none)"));
    const stderr = layout.blocks[2]?.content as string;
    expect(stderr).not.toMatch(TERMINAL_CONTROL);
    expect(stderr).toBe(terminalText(report.stderr.trimEnd()));
    expect(layout.lines).toContain("## Replay");
    expect(layout.lines.filter((line) => /^`{3,}/.test(line))).toEqual([]);
  });

  it("the handshake error quotes the stderr on the terminal with its escapes shown, not obeyed", async () => {
    const result = await run(["--cmd", `${ADAPTER} --no-hello`, "--out", tempDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(TERMINAL_CONTROL);
    expect(result.stderr).toContain("  \\x1b]0;pwned\\x07\\x1b[31mred\\x0d");
    expect(result.stderr).toContain("  <!-- hidden from here\n");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
