import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli/helpers.ts";
import { readJsonAs } from "../files/read-json.ts";
import type { Span, Window } from "../wire/window.ts";
import { shapeOf } from "../engine/corpus.ts";
import { excerptReport, excerptStore, excerptWindow, idsThatMatter, SHOWN_SPANS, wholeSpanCount } from "./excerpt.ts";
import { renderReportMarkdown } from "./markdown.ts";
import { Report } from "./report.ts";
import { writeReport } from "./write.ts";

const BASE = Report.parse(JSON.parse(readFileSync(join(import.meta.dirname, "../../test/fixtures/reports/format-1-random.json"), "utf8")));

/** A real context's size: `count` spans of about 700 characters each, each externalized under its own key. */
function bigWindow(count: number): { window: Window; store: Record<string, string> } {
  const spans: Span[] = Array.from({ length: count }, (_, index) => ({ span_id: `s${index}`, text: `${index}: ${"tool output ".repeat(58)}`, tags: [], externalized_key: `k${index}` }));
  return { window: { spans, derivation_depth: 0 }, store: Object.fromEntries(spans.map((span) => [span.externalized_key as string, span.text])) };
}

/** Where each shown span sat in the whole window, read back from the runs left out: what a reader of the report does. */
function positions(shown: number, leftOut: readonly { at: number; count: number }[]): number[] {
  const at: number[] = [];
  let whole = 0;
  for (let index = 0; index < shown; index++) {
    for (const run of leftOut) if (run.at === whole) whole += run.count;
    at.push(whole++);
  }
  return at;
}

describe("excerptWindow", () => {
  it(`shows a window of at most ${SHOWN_SPANS} spans whole`, () => {
    const { window } = bigWindow(SHOWN_SPANS);
    expect(excerptWindow(window, [])).toEqual({ window, cut: null });
  });

  it("shows of a 3,000-span window the spans named, what they depend on and both ends, and counts the rest", () => {
    const { window } = bigWindow(3000);
    const spans = window.spans.map((span) => (span.span_id === "s1500" ? { ...span, depends_on: ["s1499"] } : span));
    const { window: shown, cut } = excerptWindow({ ...window, spans }, ["s2000", "s1500"]);

    expect(shown.spans.map((span) => span.span_id)).toEqual(["s0", "s1", "s2", "s1499", "s1500", "s2000", "s2997", "s2998", "s2999"]);
    expect(cut).toEqual({
      spans: 3000,
      left_out: [
        { at: 3, count: 1496 },
        { at: 1501, count: 499 },
        { at: 2001, count: 996 },
      ],
    });
  });

  it(`shows at most ${SHOWN_SPANS} spans however many are named, the first named first`, () => {
    const { window } = bigWindow(500);
    const named = window.spans.map((span) => span.span_id).reverse();
    const { window: shown } = excerptWindow(window, named);
    expect(shown.spans).toHaveLength(SHOWN_SPANS);
    expect(shown.spans.at(-1)?.span_id).toBe("s499");
    expect(shown.spans[0]?.span_id).toBe(`s${500 - SHOWN_SPANS}`);
  });

  it("is the whole window at the places its runs left out say, in order, for any window and any ids named", () => {
    const windowArb = fc.integer({ min: 0, max: 400 }).map((count) => bigWindow(count).window);
    fc.assert(
      fc.property(windowArb, fc.array(fc.nat({ max: 450 }).map((n) => `s${n}`)), (window, matter) => {
        const { window: shown, cut } = excerptWindow(window, matter);
        const leftOut = cut?.left_out ?? [];
        expect(shown.spans.length + leftOut.reduce((sum, run) => sum + run.count, 0)).toBe(window.spans.length);
        expect(shown.spans).toEqual(positions(shown.spans.length, leftOut).map((at) => window.spans[at]));
        expect(shown.spans.length).toBeLessThanOrEqual(Math.max(SHOWN_SPANS, cut === null ? window.spans.length : 0));
      }),
    );
  });
});

describe("idsThatMatter", () => {
  it("puts the finding's span first, then what the request names, then what its answer changed", () => {
    const { window } = bigWindow(4);
    const after = { spans: [window.spans[0] as Span, { ...(window.spans[1] as Span), text: "changed" }, window.spans[3] as Span], derivation_depth: 1 };
    const request = { id: 1, op: "prune" as const, window, evict_ids: ["s3"], store: {} };
    expect(idsThatMatter({ request, outcome: { ok: true, window: after }, findingSpanId: "s0" })).toEqual(["s0", "s3", "s1", "s2"]);
  });
});

describe("excerptStore", () => {
  it('keeps the entries the shown spans name, a key "__proto__" as an entry, and counts the others', () => {
    const store = JSON.parse('{"__proto__": "kept", "k1": "gone", "k2": "kept too"}') as Record<string, string>;
    const shown = { spans: [{ span_id: "a", text: "kept", tags: [], externalized_key: "__proto__" }, { span_id: "b", text: "kept too", tags: [], externalized_key: "k2" }], derivation_depth: 0 };
    const { store: kept, left_out } = excerptStore(store, shown);
    expect(Object.hasOwn(kept, "__proto__")).toBe(true);
    expect(Object.keys(kept)).toEqual(["__proto__", "k2"]);
    expect(left_out).toBe(1);
  });
});

describe("excerptReport: a report on a 3,000-span window stays small and says what it left out (issue 46)", () => {
  const { window, store } = bigWindow(3000);
  const request = { id: 7, op: "compact" as const, window, store, budget: { unit: "chars" as const, limit: 1000 } };
  const whole: Report = { ...BASE, requests: [request], response: null, before: window, after: null };

  it("was megabytes whole, and is under 1 MB as JSON and as Markdown, written and read back", async () => {
    expect(JSON.stringify(whole).length).toBeGreaterThan(4_000_000);
    const report = excerptReport(whole, [{ request, findingSpanId: null }]);

    expect(report.excerpt).toEqual({
      shown: SHOWN_SPANS,
      before: { spans: 3000, left_out: [{ at: 3, count: 2994 }] },
      requests: [{ spans: 3000, left_out: [{ at: 3, count: 2994 }], store_left_out: 2994 }],
    });
    const stem = await writeReport(tempDir(), report);
    expect(readFileSync(`${stem}.json`).length).toBeLessThan(1_000_000);
    expect(readFileSync(`${stem}.md`).length).toBeLessThan(1_000_000);
    const read = await readJsonAs(`${stem}.json`, { schema: Report, what: "report", code: "invalid_report", readHint: "", invalidHint: "" });
    expect(read.excerpt).toEqual(report.excerpt);
  });

  it("renders each run left out as a row where it was, and says how many spans the window had", () => {
    const markdown = renderReportMarkdown(excerptReport(whole, [{ request, findingSpanId: "s1200" }]));
    expect(markdown).toContain("**Before** (derivation_depth 0, 3000 spans of which the 7 that matter most to this finding are shown):");
    const rows = markdown.split("**Before**")[1]?.split("**After**")[0]?.match(/^\| .*$/gm)?.slice(2) ?? [];
    expect(rows.map((row) => /^\| `"(s\d+)"`|^\| _(\d+ spans not shown \(positions \d+ to \d+\))_/.exec(row)?.slice(1).find(Boolean))).toEqual([
      "s0",
      "s1",
      "s2",
      "1197 spans not shown (positions 4 to 1200)",
      "s1200",
      "1796 spans not shown (positions 1202 to 2997)",
      "s2997",
      "s2998",
      "s2999",
    ]);
    expect(markdown).toContain("its window is shown by the 7 of its 3000 spans that matter most, and its store without the 2993 entries no shown span names");
  });

  it("keeps whole the request a trace line replays, cutting only the windows shown beside it", () => {
    const origin = { kind: "trace" as const, file: "t.jsonl", line: 2, standalone: true as const };
    const report = excerptReport({ ...whole, origin, runs_to_failure: 1 }, [{ request, findingSpanId: null }]);
    expect(report.requests[0]).toBe(request);
    expect(report.excerpt).toEqual({ shown: SHOWN_SPANS, before: { spans: 3000, left_out: [{ at: 3, count: 2994 }] } });
  });

  it("leaves a report with no long window as it is", () => {
    expect(excerptReport(BASE, [])).toBe(BASE);
  });

  it("keeps the corpus shape of the whole run: the same regression whether or not its report was cut", () => {
    const report = excerptReport(whole, [{ request, findingSpanId: null }]);
    expect(wholeSpanCount(report, 0)).toBe(3000);
    expect(shapeOf(report)).toBe(shapeOf(whole));
  });
});
