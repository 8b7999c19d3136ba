import { describe, expect, it } from "vitest";
import type { Span } from "../wire/window.ts";
import { copyProblem, firstUngrounded, groundingProblem, hasKey, pointerText, toPointer } from "./resolve.ts";
import { deepFreeze, frozenStore, frozenWindow, original, summarySpan } from "./test-helpers.ts";

const store = frozenStore([
  ["k", "exact"],
  ["ks", "summary text"],
  ["", "empty key"],
  ["__proto__", "p"],
]);
const summary = summarySpan("sum", "summary text", [{ span_id: "a", externalized_key: "k" }], { externalized_key: "ks" });
const pointer: Span = { ...original("p", "", "k"), kind: "pointer", text: pointerText("k") };

describe("copyProblem: what stands between a span and a byte-exact copy", () => {
  it.each([
    ["an original with a matching copy", original("a", "exact", "k"), null],
    ["an original with no key", original("a", "exact", null), "not_externalized"],
    ["an original whose key is missing", original("a", "exact", "nope"), "key_missing"],
    ["an original whose copy differs", original("a", "exact ", "k"), "stale_key"],
    ["an original under the empty key", original("a", "empty key", ""), null],
    ["an original under `__proto__`", original("a", "p", "__proto__"), null],
    ["an original under `toString` (not in the store)", original("a", "x", "toString"), "key_missing"],
    ["a pointer whose key resolves", pointer, null],
    ["a pointer whose key is missing", { ...pointer, externalized_key: "nope" }, "unresolvable_pointer"],
    ["a pointer to a summary whose provenance resolves", { ...summary, kind: "pointer" }, null],
    [
      "a pointer to a summary whose provenance is missing",
      { ...summary, kind: "pointer", provenance: [{ span_id: "a", externalized_key: "nope" }] },
      "unresolvable_provenance",
    ],
    ["an externalized summary", summary, null],
    ["a summary whose copy differs", { ...summary, text: "edited" }, "stale_key"],
    ["a summary never externalized", { ...summary, externalized_key: null }, "not_externalized"],
    [
      "an externalized summary with unresolvable provenance",
      { ...summary, provenance: [{ span_id: "a", externalized_key: "nope" }] },
      "unresolvable_provenance",
    ],
  ] as [string, Span, string | null][])("%s → %s", (_label, span, problem) => {
    expect(copyProblem(deepFreeze(span), store)).toBe(problem);
  });
});

describe("groundingProblem: whether a span resolves without trusting the window", () => {
  it("grounds a summary by its provenance alone: its own text is a derivation", () => {
    expect(groundingProblem(deepFreeze({ ...summary, externalized_key: null, text: "anything" }), store)).toBeNull();
    expect(groundingProblem(deepFreeze({ ...summary, provenance: [{ span_id: "a", externalized_key: "nope" }] }), store)).toBe("unresolvable_provenance");
  });

  it("grounds originals and pointers by their copy", () => {
    expect(groundingProblem(deepFreeze(original("a", "exact", "k")), store)).toBeNull();
    expect(groundingProblem(deepFreeze(original("a", "Exact", "k")), store)).toBe("stale_key");
    expect(groundingProblem(pointer, frozenStore({}))).toBe("unresolvable_pointer");
  });
});

describe("firstUngrounded", () => {
  it("returns null when every span resolves", () => {
    expect(firstUngrounded(frozenWindow([original("a", "exact", "k"), pointer, summary], 1), store)).toBeNull();
  });

  it("returns the first span in window order that does not, with the reason", () => {
    const u1 = original("u1", "x", null);
    const u2 = original("u2", "x", "nope");
    const found = firstUngrounded(frozenWindow([pointer, u2, u1], 1), store);
    expect(found).toEqual({ span: u2, reason: "key_missing" });
  });
});

describe("hasKey", () => {
  it("is an own-property check, so prototype names are not keys unless stored", () => {
    expect(hasKey(store, "k")).toBe(true);
    expect(hasKey(store, "")).toBe(true);
    expect(hasKey(store, "__proto__")).toBe(true);
    expect(hasKey(store, "toString")).toBe(false);
    expect(hasKey(frozenStore({}), "__proto__")).toBe(false);
    expect(hasKey(store, null)).toBe(false);
  });
});

describe("pointers", () => {
  it("marks a pointer's text as `[externalized: <key>]`", () => {
    expect(pointerText("sha256:ab")).toBe("[externalized: sha256:ab]");
    expect(pointerText('a"\n')).toBe('[externalized: a"\n]');
  });

  it("turns a span into a pointer by replacing its text and kind only", () => {
    const span = original("a", "exact", "k", { tags: ["Invariant", "b", "b"], extra: { nested: [1] } });
    expect(toPointer(deepFreeze(span))).toEqual({ ...span, kind: "pointer", text: "[externalized: k]" });
  });

  it("returns a pointer as it is", () => {
    const edited = deepFreeze({ ...pointer, text: "not the marker" });
    expect(toPointer(edited)).toBe(edited);
  });
});
