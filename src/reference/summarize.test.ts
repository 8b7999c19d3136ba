import { describe, expect, it } from "vitest";
import { Window } from "../wire/window.ts";
import type { Span } from "../wire/window.ts";
import { reground } from "./reground.ts";
import { pointerText } from "./resolve.ts";
import { SUMMARY_DEPTH, summarize, summarizeWithModel } from "./summarize.ts";
import { referenceModelPruner, referencePruner } from "./index.ts";
import { scriptedModel } from "../llm/scripted-model.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import { deepFreeze, frozenStore, frozenWindow, original, refusalOf, summarySpan } from "./test-helpers.ts";

const a = original("a", "column a INT NOT NULL", "ka", { tags: ["constraint", "schema"] });
const x = original("x", "exploratory read", "kx");
const b = original("b", "verified against production, not staging", "kb", { tags: ["scope_qualifier", "constraint"] });
const y = original("y", "later diff", null);
const store = frozenStore({ ka: a.text, kx: x.text, kb: b.text });
const window = frozenWindow([a, x, b, y]);

describe("summarize: the summary span", () => {
  it("replaces the sources with one summary at the first source's position, leaving the others unchanged", () => {
    const result = summarize(window, ["b", "a"], "sum", "schema constraints verified", store);
    expect(result.spans.map((span) => span.span_id)).toEqual(["sum", "x", "y"]);
    expect(result.spans[1]).toBe(x);
    expect(result.spans[2]).toBe(y);
  });

  it("places the summary by window order, not by the order of the requested ids", () => {
    const result = summarize(window, ["b", "x"], "sum", "s", store);
    expect(result.spans.map((span) => span.span_id)).toEqual(["a", "sum", "y"]);
  });

  it("carries provenance listing each source's id and key, in window order", () => {
    const result = summarize(window, ["b", "a"], "sum", "schema constraints verified", store);
    expect(result.spans[0]).toEqual({
      span_id: "sum",
      text: "schema constraints verified",
      tags: ["constraint", "schema", "scope_qualifier"],
      externalized_key: null,
      kind: "summary",
      provenance: [
        { span_id: "a", externalized_key: "ka" },
        { span_id: "b", externalized_key: "kb" },
      ],
      derivation_depth: 1,
    });
    expect(Window.safeParse(result).success).toBe(true);
  });

  it("makes every source recoverable byte-exact through its provenance", () => {
    const result = summarize(window, ["a", "x", "b"], "sum", "s", store);
    const texts = result.spans[0]?.provenance?.map((entry) => store[entry.externalized_key]);
    expect(texts).toEqual([a.text, x.text, b.text]);
  });

  it("is always depth 1, whatever the window's depth", () => {
    expect(SUMMARY_DEPTH).toBe(1);
    const deep = frozenWindow([a, x], 5);
    expect(summarize(deep, ["a"], "sum", "s", store).spans[0]?.derivation_depth).toBe(1);
  });

  it("increments the window's derivation_depth", () => {
    expect(summarize(window, ["a"], "sum", "s", store).derivation_depth).toBe(1);
    expect(summarize(frozenWindow([a, x], 2), ["a"], "sum", "s", store).derivation_depth).toBe(3);
  });

  it("takes the union of the sources' tags in first-seen order, keeping case and odd spellings", () => {
    const p = original("p", "1", "kp", { tags: ["zeta", "Invariant", "zeta"] });
    const q = original("q", "2", "kq", { tags: ["invariant", "Invariant", " alpha"] });
    const result = summarize(frozenWindow([p, q]), ["q", "p"], "sum", "s", frozenStore({ kp: "1", kq: "2" }));
    expect(result.spans[0]?.tags).toEqual(["zeta", "Invariant", "invariant", " alpha"]);
  });

  it("has no tags when its sources have none", () => {
    expect(summarize(window, ["x"], "sum", "s", store).spans[1]).toMatchObject({ span_id: "sum", tags: [] });
  });

  it("keeps the summary text exactly as given: Unicode, whitespace and empty text", () => {
    for (const text of ["", "  verified \n", "cafe\u0301 ✅ 👩🏽‍💻", "caf\u00e9"]) {
      expect(summarize(window, ["a"], "sum", text, store).spans[0]?.text).toBe(text);
    }
  });

  it("treats a duplicated source id like a single one", () => {
    const result = summarize(window, ["a", "a"], "sum", "s", store);
    expect(result.spans[0]?.provenance).toEqual([{ span_id: "a", externalized_key: "ka" }]);
  });

  it("summarizes a pointer to an original, using the pointer's key as provenance", () => {
    const pointer: Span = { ...a, kind: "pointer", text: pointerText("ka") };
    const result = summarize(frozenWindow([pointer, x]), ["a", "x"], "sum", "s", store);
    expect(result.spans[0]?.provenance).toEqual([
      { span_id: "a", externalized_key: "ka" },
      { span_id: "x", externalized_key: "kx" },
    ]);
  });

  it("summarizes every span of the window", () => {
    const result = summarize(frozenWindow([a, x]), ["a", "x"], "sum", "s", store);
    expect(result.spans.map((span) => span.span_id)).toEqual(["sum"]);
  });

  it("does not carry the sources' extra fields onto the summary", () => {
    const withMeta = original("m", "t", "km", { meta: { turn: 3 } });
    const result = summarize(frozenWindow([withMeta]), ["m"], "sum", "s", frozenStore({ km: "t" }));
    expect(result.spans[0]).not.toHaveProperty("meta");
  });

  it("accepts ids with quotes, backslashes, newlines, and prototype names", () => {
    const ids = ['q"', "b\\", "n\nl", "__proto__", "toString"];
    const sources = ids.map((id, index) => original(id, `t${index}`, `k${index}`));
    const store = frozenStore(ids.map((_, index): [string, string] => [`k${index}`, `t${index}`]));
    const result = summarize(frozenWindow(sources), ids, 'sum"\n\\', "s", store);
    expect(result.spans[0]?.span_id).toBe('sum"\n\\');
    expect(result.spans[0]?.provenance?.map((entry) => entry.span_id)).toEqual(ids);
  });

  it("summarizes in a grounded derived window", () => {
    const derived = frozenWindow([a, { ...x, kind: "pointer", text: pointerText("kx") }], 1);
    expect(summarize(derived, ["a"], "sum", "s", store).derivation_depth).toBe(2);
  });
});

describe("summarize: refusals", () => {
  const summary = summarySpan("sum", "schema constraints verified", [{ span_id: "a", externalized_key: "ka" }], {
    tags: ["constraint"],
    externalized_key: "ks",
  });
  const summaryStore = frozenStore({ ka: a.text, kx: x.text, ks: summary.text });

  it("refuses to summarize a summary (summary_depth_exceeded)", () => {
    const error = refusalOf(() => summarize(frozenWindow([summary, x]), ["sum", "x"], "sum2", "s", summaryStore));
    expect(error).toMatchObject({ code: "summary_depth_exceeded", span_id: "sum" });
  });

  it("refuses to summarize a pointer to a summary (summary_depth_exceeded)", () => {
    const pointer: Span = { ...summary, kind: "pointer", text: pointerText("ks") };
    const error = refusalOf(() => summarize(frozenWindow([x, pointer]), ["x", "sum"], "sum2", "s", summaryStore));
    expect(error).toMatchObject({ code: "summary_depth_exceeded", span_id: "sum" });
  });

  it("refuses to summarize a summary even after regrounding: reground keeps summaries as summaries", () => {
    const first = deepFreeze(summarize(frozenWindow([a, x]), ["a"], "sum", "s", store));
    const grounded = deepFreeze(reground(first, store));
    expect(grounded.derivation_depth).toBe(0);
    const error = refusalOf(() => summarize(grounded, ["sum", "x"], "sum2", "s", store));
    expect(error).toMatchObject({ code: "summary_depth_exceeded", span_id: "sum" });
  });

  it("refuses a summary of a summary even when the summary is not externalized", () => {
    const unexternalized: Span = { ...summary, externalized_key: null };
    expect(refusalOf(() => summarize(frozenWindow([unexternalized]), ["sum"], "sum2", "s", summaryStore)).code).toBe("summary_depth_exceeded");
  });

  it("refuses an empty selection (empty_selection)", () => {
    const error = refusalOf(() => summarize(window, [], "sum", "s", store));
    expect(error).toMatchObject({ code: "empty_selection", span_id: null });
    expect(error.message).toBe("window: a summary needs at least one source span [empty_selection]");
  });

  it("refuses a source id that is not in the window (unknown_span)", () => {
    const error = refusalOf(() => summarize(window, ["a", 'ghost\n"id"'], "sum", "s", store));
    expect(error).toMatchObject({ code: "unknown_span", span_id: 'ghost\n"id"' });
  });

  it("refuses a summary_id that an existing span already uses (duplicate_span_id)", () => {
    expect(refusalOf(() => summarize(window, ["a"], "x", "s", store))).toMatchObject({ code: "duplicate_span_id", span_id: "x" });
  });

  it("refuses a summary_id equal to one of its own sources (duplicate_span_id)", () => {
    expect(refusalOf(() => summarize(window, ["a"], "a", "s", store))).toMatchObject({ code: "duplicate_span_id", span_id: "a" });
  });

  it("refuses a source with no externalized copy (not_externalized)", () => {
    expect(refusalOf(() => summarize(window, ["a", "y"], "sum", "s", store))).toMatchObject({ code: "not_externalized", span_id: "y" });
  });

  it("refuses a source whose key is missing from the store (key_missing)", () => {
    const error = refusalOf(() => summarize(window, ["x"], "sum", "s", frozenStore({ ka: a.text })));
    expect(error).toMatchObject({ code: "key_missing", span_id: "x" });
  });

  it("refuses a source whose stored text differs (stale_key), NFC vs NFD included", () => {
    const nfc = original("n", "caf\u00e9", "kn");
    const error = refusalOf(() => summarize(frozenWindow([nfc]), ["n"], "sum", "s", frozenStore({ kn: "cafe\u0301" })));
    expect(error).toMatchObject({ code: "stale_key", span_id: "n" });
  });

  it("refuses a pointer source whose key is missing (unresolvable_pointer)", () => {
    const pointer: Span = { ...x, kind: "pointer", text: pointerText("kx") };
    const error = refusalOf(() => summarize(frozenWindow([pointer]), ["x"], "sum", "s", frozenStore({})));
    expect(error).toMatchObject({ code: "unresolvable_pointer", span_id: "x" });
  });

  it("refuses on a derived ungrounded window, like prune (derived_ungrounded)", () => {
    const derived = frozenWindow([a, y], 1);
    const error = refusalOf(() => summarize(derived, ["a"], "sum", "s", store));
    expect(error).toMatchObject({ code: "derived_ungrounded", span_id: "y" });
  });

  it("names the first offending source in window order", () => {
    const error = refusalOf(() => summarize(frozenWindow([x, y, summary]), ["sum", "y", "x"], "s2", "s", frozenStore({})));
    expect(error).toMatchObject({ code: "key_missing", span_id: "x" });
  });

  it("checks grounding first, like prune: an ungrounded derived window is named even if the request is also wrong", () => {
    const derived = frozenWindow([a, y], 1);
    for (const [ids, summaryId] of [
      [[], "sum"],
      [["ghost"], "sum"],
      [["a"], "y"],
      [["a"], "sum"],
    ] as [string[], string][]) {
      expect(refusalOf(() => summarize(derived, ids, summaryId, "s", store))).toMatchObject({ code: "derived_ungrounded", span_id: "y" });
    }
  });

  it("then checks the request: empty, unknown ids, colliding summary_id, then the sources", () => {
    const grounded = frozenWindow([a, y], 0);
    expect(refusalOf(() => summarize(grounded, [], "y", "s", store)).code).toBe("empty_selection");
    expect(refusalOf(() => summarize(grounded, ["y", "ghost"], "y", "s", store)).code).toBe("unknown_span");
    expect(refusalOf(() => summarize(grounded, ["y"], "a", "s", store)).code).toBe("duplicate_span_id");
    expect(refusalOf(() => summarize(grounded, ["y"], "sum", "s", store)).code).toBe("not_externalized");
  });

  it("never mutates its inputs, even across a chain of operations", () => {
    const first = deepFreeze(summarize(frozenWindow([a, x, b]), ["a", "b"], "sum", "s", store));
    expect(summarize(first, ["x"], "sum2", "t", store).spans.map((span) => span.span_id)).toEqual(["sum", "sum2"]);
  });
});

describe("summarizeWithModel: the same summary, its text written by the model", () => {
  const a = original("a", "ran the migration on staging", "ka");
  const b = original("b", "users.email: VARCHAR(255) NOT NULL UNIQUE", "kb", { tags: ["constraint"] });
  const window = frozenWindow([b, a]);
  const store = frozenStore({ ka: a.text, kb: b.text });

  it("asks the model for the sources in window order and keeps its text, with provenance of its own", async () => {
    const { model, exchanges } = scriptedModel([{ kind: "text", text: "schema read; migration ran" }], window);
    const result = await summarizeWithModel(window, ["a", "b"], "sum", store, model);
    expect(exchanges.map((exchange) => exchange.call)).toEqual([{ kind: "summarize", span_ids: ["b", "a"] }]);
    expect(result.spans).toEqual([
      summarySpan(
        "sum",
        "schema read; migration ran",
        [
          { span_id: "b", externalized_key: "kb" },
          { span_id: "a", externalized_key: "ka" },
        ],
        { tags: ["constraint"] },
      ),
    ]);
  });

  it("refuses before asking the model when the request itself is unsound", async () => {
    const { model, exchanges } = scriptedModel([], window);
    const refusal = await summarizeWithModel(window, ["missing"], "sum", store, model).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "unknown_span", span_id: "missing" });
    expect(exchanges).toEqual([]);
  });

  it("refuses a model failure and an empty summary as model_failed", async () => {
    for (const script of [[{ kind: "timeout" as const }], [{ kind: "empty" as const }]]) {
      const refusal = await summarizeWithModel(window, ["a"], "sum", store, scriptedModel(script, window).model).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(UnrecoverablePruneError);
      expect(refusal).toMatchObject({ code: "model_failed", span_id: null });
    }
  });
});

describe("referenceModelPruner", () => {
  it("is the reference that also writes summaries with the harness's model", () => {
    expect(referenceModelPruner.name).toBe("reference-model");
    expect(referenceModelPruner.capabilities).toEqual(["prune", "summarize", "reground", "compact", "model"]);
    expect(referenceModelPruner.summarizeWithModel).toBe(summarizeWithModel);
    expect([referenceModelPruner.prune, referenceModelPruner.summarize, referenceModelPruner.reground]).toEqual([
      referencePruner.prune,
      referencePruner.summarize,
      referencePruner.reground,
    ]);
  });

  it("compacts with the model when it is handed one, and as the reference does without", async () => {
    const window = frozenWindow([original("a", "x".repeat(200), "ka"), original("b", "y".repeat(200), "kb")]);
    const store = frozenStore({ ka: "x".repeat(200), kb: "y".repeat(200) });
    const budget = { unit: "chars" as const, limit: 120 };
    expect(await referenceModelPruner.compact(window, store, budget)).toEqual(referencePruner.compact(window, store, budget));
    const { model, exchanges } = scriptedModel([], window);
    const compacted = await referenceModelPruner.compact(window, store, budget, model);
    expect(exchanges.map((exchange) => exchange.call.kind)).toEqual(["choose", "summarize"]);
    expect(compacted.spans.map((s) => s.kind ?? "original")).toContain("summary");
  });
});
