import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVerdicts, Matrix, verdictTable, type Column } from "../../src/matrix/data.ts";
import { renderMatrixHtml } from "../../src/matrix/html.ts";
import { renderMatrixMarkdown } from "../../src/matrix/markdown.ts";
import { hostileText } from "../helpers/hostile-text.ts";
import { codeSpans, markdownLines, tableCells } from "../helpers/markdown.ts";

const column = (name: string, cells: Column["cells"], extra: Partial<Column> = {}): Column => ({
  name,
  implementation: name,
  target: { kind: "reference" },
  level: "core",
  runs: 10,
  seed: 1,
  capabilities: ["prune"],
  packages: {},
  seconds: 1.25,
  cells,
  ...extra,
});

const matrix: Matrix = {
  format: "prunecheck-matrix/1",
  created: "2026-12-02T00:00:00.000Z",
  prunecheck: "0.1.0",
  node: "v20.0.0",
  properties: [
    { id: "precondition-recoverable", level: "core", title: "Every precondition span stays recoverable byte-exact" },
    { id: "reevict-idempotent", level: "strict", title: "Evicting a pointer again leaves it as it was" },
  ],
  columns: [
    column("reference", { "precondition-recoverable": { status: "passed" }, "reevict-idempotent": { status: "skipped", note: "strict-level property" } }),
    column(
      "lib<script>",
      {
        "precondition-recoverable": { status: "failed", report: "lib<script>/precondition-recoverable-lib 1.md", note: 'lost "s1" & more' },
        "reevict-idempotent": { status: "failed", violated: "adapter-protocol", report: "lib<script>/x.md" },
      },
      { target: { kind: "impl", path: "adapters/lib.ts" }, packages: { "@langchain/core": "1.4.0" } },
    ),
  ],
};

describe("matrix renderings", () => {
  it("the data round-trips through its schema", () => {
    expect(Matrix.parse(JSON.parse(JSON.stringify(matrix)))).toEqual(matrix);
  });

  it("Markdown: a row per property, a column per implementation, failures linking to their report", () => {
    const md = renderMatrixMarkdown(matrix);
    expect(md).toContain("| property | level | `reference` | `lib<script>` |");
    expect(md).toContain("| `precondition-recoverable` | core | ✅ | ❌ [counterexample](lib%3Cscript%3E/precondition-recoverable-lib%201.md) |");
    expect(md).toContain("| `reevict-idempotent` | strict | — | ❌ `adapter-protocol` [counterexample](lib%3Cscript%3E/x.md) |");
    expect(md).toContain("| **verdict** | | conforms at core | 2 violations |");
    expect(md).toContain("`--impl adapters/lib.ts`");
    expect(md).toContain("@langchain/core@1.4.0");
    expect(md).toContain("Generated 2026-12-02T00:00:00.000Z by prunecheck 0.1.0 on Node v20.0.0");
  });

  it("HTML: the same table, escaped, with the finding as a tooltip", () => {
    const html = renderMatrixHtml(matrix);
    expect(html).not.toContain("<script>");
    expect(html).toContain("lib&lt;script&gt;");
    expect(html).toContain(
      '<td class="cell failed" title="lost &quot;s1&quot; &amp; more"><a href="lib%3Cscript%3E/precondition-recoverable-lib%201.md">❌ fail</a></td>',
    );
    expect(html).toContain('<td class="cell skipped" title="strict-level property">—</td>');
    expect(html.match(/<th class="property"/g)?.length).toBe(matrix.properties.length);
  });

  it("an implementation that could not start says so in every rendering", () => {
    const broken = {
      ...matrix,
      columns: [
        column("gone", { "precondition-recoverable": { status: "error", note: "handshake failed" } }, { error: "handshake failed [spawn]: no such file" }),
      ],
    };
    expect(renderMatrixMarkdown(broken)).toContain("could not start: handshake failed \\[spawn\\]: no such file");
    expect(renderMatrixHtml(broken)).toContain("<td>could not start</td>");
  });

  it("a column's verdict counts one violation in the singular, and calls a column with an unfinished cell incomplete", () => {
    const one = column("one", { "precondition-recoverable": { status: "failed" }, "reevict-idempotent": { status: "passed" } });
    const unfinished = column("half", { "precondition-recoverable": { status: "passed" }, "reevict-idempotent": { status: "interrupted" } });
    const md = renderMatrixMarkdown({ ...matrix, columns: [one, unfinished] });
    expect(md).toContain("| **verdict** | | 1 violation | incomplete |");
  });

  it("shows how a --cmd implementation was started", () => {
    const md = renderMatrixMarkdown({ ...matrix, columns: [column("py", {}, { target: { kind: "cmd", command: "python3 adapter.py" } })] });
    expect(md).toContain('`--cmd "python3 adapter.py"`');
  });

  it("a verdict check names implementations and properties found on one side only", () => {
    const extra = { ...matrix, columns: [...matrix.columns, column("new", { "precondition-recoverable": { status: "passed" } })] };
    expect(compareVerdicts(verdictTable(matrix), verdictTable(extra))).toEqual(["new: not in the expected matrix"]);
    const fewer = { columns: [column("reference", { "precondition-recoverable": { status: "passed" } }), matrix.columns[1]!] };
    expect(compareVerdicts(verdictTable(matrix), verdictTable(fewer))).toEqual(["reference / reevict-idempotent: expected skipped, got no row"]);
  });

  it("verdicts ignore timings and dates, and name every cell that changed", () => {
    const later = { ...matrix, created: "2027-01-01T00:00:00.000Z", columns: matrix.columns.map((c) => ({ ...c, seconds: 99 })) };
    expect(compareVerdicts(verdictTable(matrix), verdictTable(later))).toEqual([]);
    const fixed = {
      ...matrix,
      columns: [
        matrix.columns[0]!,
        column("lib<script>", { "precondition-recoverable": { status: "passed" }, "reevict-idempotent": { status: "failed", violated: "adapter-protocol" } }),
      ],
    };
    expect(compareVerdicts(verdictTable(matrix), verdictTable(fixed))).toEqual(["lib<script> / precondition-recoverable: expected failed, got passed"]);
    expect(compareVerdicts(verdictTable(matrix), verdictTable({ columns: [matrix.columns[0]!] }))).toEqual(["lib<script>: missing from this run"]);
  });
});

describe("matrix renderings of hostile names and messages", () => {
  const hostileColumn = fc
    .record({
      name: hostileText(),
      implementation: hostileText(),
      error: fc.option(hostileText(), { nil: undefined }),
      capability: hostileText(),
      version: hostileText(),
      note: hostileText(),
    })
    .map(({ name, implementation, error, capability, version, note }) =>
      column(
        name,
        { "precondition-recoverable": { status: "failed", report: `${name}/x.md`, note }, "reevict-idempotent": { status: "error", note } },
        {
          implementation,
          capabilities: [capability],
          packages: { [version]: version },
          target: { kind: "cmd", command: name },
          ...(error === undefined ? {} : { error }),
        },
      ),
    );

  it("Markdown: every row keeps its cells, and no data opens HTML or a comment", () => {
    fc.assert(
      fc.property(fc.array(hostileColumn, { minLength: 1, maxLength: 3 }), (columns) => {
        const lines = markdownLines(renderMatrixMarkdown({ ...matrix, columns }));
        const rows = lines.filter((line) => line.startsWith("|"));
        expect(rows).toHaveLength(2 + matrix.properties.length + 1 + 2 + columns.length);
        const widths = rows.map((row) => tableCells(row).length);
        expect(widths.slice(0, 2 + matrix.properties.length + 1)).toEqual(rows.slice(0, 2 + matrix.properties.length + 1).map(() => 2 + columns.length));
        expect(widths.slice(-2 - columns.length)).toEqual(rows.slice(-2 - columns.length).map(() => 9));
        for (const line of lines) expect(codeSpans(line).text).not.toContain("<");
      }),
    );
  });

  it("HTML: every tag is the renderer's own, and no control character is left raw", () => {
    fc.assert(
      fc.property(fc.array(hostileColumn, { minLength: 1, maxLength: 3 }), (columns) => {
        const html = renderMatrixHtml({ ...matrix, columns });
        // ESC, BEL, NUL, RLO and the like are shown as escapes, in text and in title= attributes alike (issue 33).
        expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        const tags = new Set([...html.matchAll(/<\/?([^\s>/]+)/g)].map((match) => match[1]));
        expect(
          [...tags].every((tag) =>
            [
              "!doctype",
              "html",
              "head",
              "meta",
              "title",
              "style",
              "body",
              "h1",
              "h2",
              "p",
              "code",
              "table",
              "thead",
              "tbody",
              "tr",
              "th",
              "td",
              "small",
              "br",
              "a",
            ].includes(tag as string),
          ),
        ).toBe(true);
      }),
    );
  });
});
