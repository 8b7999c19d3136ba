import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli/helpers.ts";
import { readJsonAs } from "../files/read-json.ts";
import type { Span } from "../wire/window.ts";
import { boundExchange, boundReport, REPORT_MAX_CHARS, TRACE_TEXT_MAX } from "./bound.ts";
import { renderReportMarkdown } from "./markdown.ts";
import { Report } from "./report.ts";
import { writeReport } from "./write.ts";

const BASE = Report.parse(JSON.parse(readFileSync(join(import.meta.dirname, "../../test/fixtures/reports/format-1-random.json"), "utf8")));
const span = (span_id: string, text: string): Span => ({ span_id, text, tags: [], externalized_key: null });

/** A report whose failing answer is one span of `size` characters, as an adapter answering with 34 MB makes. */
function withHugeAnswer(size: number, origin: Report["origin"] = BASE.origin): Report {
  const huge = { spans: [span("s1", `${"x".repeat(size - 3)}END`)], derivation_depth: 1 };
  const asked = { op: "prune" as const, window: { spans: [span("s1", "users.email: VARCHAR(255)")], derivation_depth: 0 }, evict_ids: [], store: {}, id: 4 };
  const again = { ...asked, window: huge, id: 5 };
  return {
    ...BASE,
    origin,
    runs_to_failure: origin.kind === "exhaustive" ? origin.index + 1 : BASE.runs_to_failure,
    requests: [asked, again],
    response: { ok: true, window: huge },
    before: again.window,
    after: huge,
  };
}

describe("boundReport: every report prunecheck writes is one it can read back (issue 45)", () => {
  it("leaves a report that fits as it is", () => {
    expect(boundReport(BASE)).toBe(BASE);
  });

  it("cuts a 34 MB answer's text to its start and end, says so, and the report replays: written, read back, rendered", async () => {
    const report = boundReport(withHugeAnswer(34_000_000));

    expect(JSON.stringify(report).length).toBeLessThanOrEqual(REPORT_MAX_CHARS);
    expect(report.trimmed).toEqual({ texts: 4, cap: 64 * 1024 });
    const text = report.response?.ok === true ? report.response.window.spans[0]!.text : "";
    expect(text.length).toBe(64 * 1024);
    expect(text).toMatch(/^x+… \(\d+ more characters\) …x+END$/);
    const stem = await writeReport(tempDir(), report);
    const read = await readJsonAs(`${stem}.json`, { schema: Report, what: "report", code: "invalid_report", readHint: "", invalidHint: "" });
    expect(read.trimmed).toEqual(report.trimmed);
    expect(renderReportMarkdown(report)).toContain("4 span text(s) over 65536 characters are shown by their start and end");
  });

  it("keeps whole the request a replay sends again (a case's or a trace line's last), cutting only what is shown", () => {
    const origin = { kind: "trace" as const, file: "t.jsonl", line: 2, standalone: true as const };
    const original = withHugeAnswer(20_000_000, origin);
    const report = boundReport(original);

    expect(report.requests.at(-1)).toBe(original.requests.at(-1));
    expect(report.trimmed).toEqual({ texts: 3, cap: 64 * 1024 });
  });

  it("cuts harder when many long texts are each under the first cap", () => {
    const many = Array.from({ length: 600 }, (_, index) => span(`s${index}`, "y".repeat(60_000)));
    const window = { spans: many, derivation_depth: 1 };
    const report = boundReport({ ...BASE, response: { ok: true, window }, after: window });

    expect(JSON.stringify(report).length).toBeLessThanOrEqual(REPORT_MAX_CHARS);
    expect(report.trimmed).toEqual({ texts: 1200, cap: 4096 });
  });
});

describe("boundExchange: what a run's trace keeps of an answer for its report", () => {
  const asked = { id: 1, op: "prune" as const, window: { spans: [span("s1", "users.email: VARCHAR(255)")], derivation_depth: 0 }, evict_ids: [], store: {} };

  it("keeps an exchange of generated sizes as it is, the same object", () => {
    const exchange = { request: asked, outcome: { ok: true as const, window: { spans: [span("s1", "y".repeat(65_537))], derivation_depth: 1 } } };
    expect(boundExchange(exchange)).toEqual({ exchange, cut: 0 });
    expect(boundExchange(exchange).exchange).toBe(exchange);
  });

  it("cuts a hostile answer's text to TRACE_TEXT_MAX, counted, and the report built from it says so", () => {
    const huge = { spans: [span("s1", "x".repeat(20_000_000))], derivation_depth: 1 };
    const { exchange, cut } = boundExchange({ request: asked, outcome: { ok: true, window: huge } });
    expect(cut).toBe(1);
    expect(exchange.outcome.ok ? exchange.outcome.window.spans[0]!.text.length : 0).toBe(TRACE_TEXT_MAX);
    expect(boundReport(BASE, cut).trimmed).toEqual({ texts: 1, cap: TRACE_TEXT_MAX });
  });

  it("cuts store texts and model-call prompts too: an adapter fills either to a line as easily", () => {
    const long = "z".repeat(TRACE_TEXT_MAX + 1);
    const request = { ...asked, store: { k0: long, k1: "short" } };
    const model = [{ call: { kind: "choose" as const, span_ids: ["s1"], prompt: long }, answer: { ok: true as const, evict_ids: [] } }];
    const { exchange, cut } = boundExchange({ request, outcome: { ok: true, window: asked.window }, model });

    expect(cut).toBe(2);
    expect("store" in exchange.request ? exchange.request.store : {}).toEqual({ k0: expect.stringMatching(/^z+… \(\d+ more characters\) …z+$/), k1: "short" });
    expect(exchange.model?.[0]?.call.prompt).toMatch(/^z+… \(\d+ more characters\) …z+$/);
    expect(exchange.model?.[0]?.call.prompt?.length).toBeLessThanOrEqual(TRACE_TEXT_MAX);
    expect(exchange.request.window.spans).toBe(asked.window.spans);
  });
});

describe("boundReport: a store text is cut as a span text is", () => {
  it("cuts a 20 MB store text in a request the replay does not send", () => {
    const stored = { ...withHugeAnswer(100), requests: [{ ...BASE.requests[0]!, id: 3, op: "prune" as const, window: { spans: [], derivation_depth: 0 }, evict_ids: [], store: { k: "s".repeat(20_000_000) } }] };
    const report = boundReport(stored);

    expect(JSON.stringify(report).length).toBeLessThanOrEqual(REPORT_MAX_CHARS);
    expect(report.trimmed).toEqual({ texts: 1, cap: 64 * 1024 });
  });
});
