import { describe, expect, it } from "vitest";
import { Window } from "../wire/window.ts";
import type { Span } from "../wire/window.ts";
import { prune } from "./prune.ts";
import { reground } from "./reground.ts";
import { pointerText } from "./resolve.ts";
import { summarize } from "./summarize.ts";
import { deepFreeze, frozenStore, frozenWindow, original, refusalOf, summarySpan } from "./test-helpers.ts";

const texts = {
  ka: "cafe\u0301 NOT NULL  \n",
  kb: "caf\u00e9 👩🏽‍💻",
  kc: "",
};
const store = frozenStore(texts);
const a = original("a", texts.ka, "ka", { tags: ["constraint", "Invariant", "constraint"], meta: { turn: 1 } });
const b = original("b", texts.kb, "kb");
const c = original("c", texts.kc, "kc");

describe("reground: success", () => {
  it("rehydrates pointers byte-exact and returns the window to depth 0", () => {
    const pruned = deepFreeze(prune(frozenWindow([a, b, c]), ["a", "b", "c"], store));
    const grounded = reground(pruned, store);
    expect(grounded.derivation_depth).toBe(0);
    expect(grounded.spans.map((span) => span.text)).toEqual([texts.ka, texts.kb, texts.kc]);
    expect(grounded.spans.map((span) => span.kind)).toEqual(["original", "original", "original"]);
  });

  it("restores every other field of a pointer: tags exactly, key, extra fields", () => {
    const grounded = reground(deepFreeze(prune(frozenWindow([a]), ["a"], store)), store);
    expect(grounded.spans[0]).toEqual({ ...a, kind: "original" });
    expect(Window.safeParse(grounded).success).toBe(true);
  });

  it("restores the stored text whatever the pointer's text says: kind marks a pointer, not its text", () => {
    const rewritten: Span = { ...b, kind: "pointer", text: "the model paraphrased this pointer" };
    expect(reground(frozenWindow([rewritten], 3), store).spans[0]?.text).toBe(texts.kb);
  });

  it("rehydrates a pointer to a summary as a summary, keeping provenance and its depth 1", () => {
    const summary = summarySpan("sum", "schema verified against production, not staging", [{ span_id: "a", externalized_key: "ka" }], {
      tags: ["constraint"],
      externalized_key: "ks",
    });
    const withSummary = frozenStore({ ...texts, ks: summary.text });
    const pointer: Span = { ...summary, kind: "pointer", text: pointerText("ks") };
    const grounded = reground(frozenWindow([pointer], 2), withSummary);
    expect(grounded.spans[0]).toEqual(summary);
    expect(grounded.derivation_depth).toBe(0);
  });

  it("keeps summaries as they are: depth 1, same text, same provenance", () => {
    const summarized = deepFreeze(summarize(frozenWindow([a, b]), ["a", "b"], "sum", "short", store));
    const grounded = reground(summarized, store);
    expect(grounded.spans).toEqual(summarized.spans);
    expect(grounded.spans[0]).toBe(summarized.spans[0]);
    expect(grounded.derivation_depth).toBe(0);
  });

  it("does not touch originals, not even unexternalized or stale ones", () => {
    const unexternalized = original("u", "never stored", null);
    const stale = original("s", "current text", "ka");
    const window = frozenWindow([unexternalized, stale], 4);
    const grounded = reground(window, store);
    expect(grounded.spans[0]).toBe(unexternalized);
    expect(grounded.spans[1]).toBe(stale);
    expect(grounded.derivation_depth).toBe(0);
  });

  it("is a no-op on spans of a window with nothing to rehydrate, and resets depth", () => {
    const window = frozenWindow([a, b], 0);
    expect(reground(window, store)).toEqual(window);
    expect(reground(frozenWindow([], 7), frozenStore({}))).toEqual({ spans: [], derivation_depth: 0 });
  });

  it("rehydrates pointers whose keys are `__proto__` and `toString`", () => {
    const odd = frozenStore([
      ["__proto__", "proto text"],
      ["toString", "toString text"],
    ]);
    const window = frozenWindow([
      { ...original("p", "", "__proto__"), kind: "pointer", text: pointerText("__proto__") },
      { ...original("t", "", "toString"), kind: "pointer", text: pointerText("toString") },
    ]);
    expect(reground(window, odd).spans.map((span) => span.text)).toEqual(["proto text", "toString text"]);
  });

  it("round-trips prune then reground to the original texts", () => {
    const window = frozenWindow([a, b, c]);
    const round = reground(deepFreeze(prune(window, ["a", "c"], store)), store);
    expect(round.spans.map((span) => span.text)).toEqual(window.spans.map((span) => span.text));
    expect(round.spans[1]).toBe(b);
  });
});

describe("reground: refusals", () => {
  it("refuses when a pointer's key is not in the store, naming the span (unresolvable_pointer)", () => {
    const pointer: Span = { ...original('p"\n\\', "", "gone"), kind: "pointer", text: pointerText("gone") };
    const error = refusalOf(() => reground(frozenWindow([a, pointer], 1), store));
    expect(error).toMatchObject({ code: "unresolvable_pointer", span_id: 'p"\n\\' });
  });

  it("does not resolve a pointer through the store's prototype (unresolvable_pointer)", () => {
    const pointer: Span = { ...original("p", "", "toString"), kind: "pointer", text: pointerText("toString") };
    expect(refusalOf(() => reground(frozenWindow([pointer], 1), frozenStore({}))).code).toBe("unresolvable_pointer");
  });

  it("refuses when a summary's provenance does not resolve, naming the summary (unresolvable_provenance)", () => {
    const summary = summarySpan("sum", "verified", [
      { span_id: "a", externalized_key: "ka" },
      { span_id: "z", externalized_key: "gone" },
    ]);
    const error = refusalOf(() => reground(frozenWindow([summary], 1), store));
    expect(error).toMatchObject({ code: "unresolvable_provenance", span_id: "sum" });
  });

  it("refuses when a pointer to a summary resolves but its provenance does not (unresolvable_provenance)", () => {
    const pointer: Span = {
      span_id: "sum",
      text: pointerText("ks"),
      tags: [],
      externalized_key: "ks",
      kind: "pointer",
      provenance: [{ span_id: "a", externalized_key: "gone" }],
      derivation_depth: 1,
    };
    const error = refusalOf(() => reground(frozenWindow([pointer], 1), frozenStore({ ks: "summary" })));
    expect(error).toMatchObject({ code: "unresolvable_provenance", span_id: "sum" });
  });

  it("names the first unresolvable span in window order", () => {
    const p1: Span = { ...original("p1", "", "gone1"), kind: "pointer", text: pointerText("gone1") };
    const p2: Span = { ...original("p2", "", "gone2"), kind: "pointer", text: pointerText("gone2") };
    expect(refusalOf(() => reground(frozenWindow([a, p2, p1], 1), store)).span_id).toBe("p2");
  });
});
