import { describe, expect, it } from "vitest";
import { StoreConflictError } from "../errors/store.ts";
import type { Span } from "../wire/window.ts";
import { ContentStore, contentKey } from "./content-store.ts";
import { externalize } from "./externalize.ts";
import { prune } from "./prune.ts";
import { pointerText } from "./resolve.ts";
import { frozenStore, frozenWindow, original, refusalOf, summarySpan } from "./test-helpers.ts";

const a = original("a", "orders.total NUMERIC(12,2) NOT NULL", null, { tags: ["constraint"], meta: { turn: 2 } });
const b = original("b", "cafe\u0301 ", null);
const c = original("c", "caf\u00e9 ", null);

describe("externalize", () => {
  it("writes each named span's exact text to the store and sets its key", () => {
    const store = new ContentStore();
    const result = externalize(frozenWindow([a, b, c]), ["a", "b"], store);
    expect(result.spans[0]).toEqual({ ...a, externalized_key: contentKey(a.text) });
    expect(result.spans[1]).toEqual({ ...b, externalized_key: contentKey(b.text) });
    expect(result.spans[2]).toBe(c);
    expect(store.get(contentKey(a.text))).toBe(a.text);
    expect(store.get(contentKey(b.text))).toBe(b.text);
    expect(store.size).toBe(2);
  });

  it("keeps the window's derivation_depth: writing a copy derives nothing", () => {
    expect(externalize(frozenWindow([a], 3), ["a"], new ContentStore()).derivation_depth).toBe(3);
  });

  it("leaves every key in the result resolvable, so the span can then be pruned", () => {
    const store = new ContentStore();
    const result = externalize(frozenWindow([a, b]), ["a", "b"], store);
    expect(prune(result, ["a", "b"], store.snapshot()).spans.map((span) => span.kind)).toEqual(["pointer", "pointer"]);
  });

  it("gives NFC and NFD variants different keys and stores both", () => {
    const store = new ContentStore();
    const result = externalize(frozenWindow([b, c]), ["b", "c"], store);
    expect(result.spans[0]?.externalized_key).not.toBe(result.spans[1]?.externalized_key);
    expect(store.size).toBe(2);
  });

  it("stores identical texts once, under one key", () => {
    const store = new ContentStore();
    const twin = original("twin", a.text, null);
    const result = externalize(frozenWindow([a, twin]), ["a", "twin"], store);
    expect(result.spans[0]?.externalized_key).toBe(result.spans[1]?.externalized_key);
    expect(store.size).toBe(1);
  });

  it("stores empty text", () => {
    const store = new ContentStore();
    const result = externalize(frozenWindow([original("e", "", null)]), ["e"], store);
    expect(store.get(result.spans[0]?.externalized_key as string)).toBe("");
  });

  it("re-keys a span whose old key is stale to the content key of its current text", () => {
    const store = ContentStore.from(frozenStore({ old: "what the span used to say" }));
    const stale = original("s", "what the span says now", "old");
    const result = externalize(frozenWindow([stale]), ["s"], store);
    expect(result.spans[0]?.externalized_key).toBe(contentKey(stale.text));
    expect(store.get("old")).toBe("what the span used to say");
  });

  it("externalizes a summary's own text, keeping its provenance", () => {
    const summary = summarySpan("sum", "verified", [{ span_id: "a", externalized_key: "ka" }]);
    const store = new ContentStore();
    const result = externalize(frozenWindow([summary], 1), ["sum"], store);
    expect(result.spans[0]).toEqual({ ...summary, externalized_key: contentKey("verified") });
  });

  it("leaves pointers alone: their text is a marker, not content", () => {
    const pointer: Span = { ...original("p", "", "kp"), kind: "pointer", text: pointerText("kp") };
    const store = new ContentStore();
    const result = externalize(frozenWindow([pointer], 1), ["p"], store);
    expect(result.spans[0]).toBe(pointer);
    expect(store.size).toBe(0);
  });

  it("returns the spans unchanged when asked to externalize nothing", () => {
    const window = frozenWindow([a, b]);
    expect(externalize(window, [], new ContentStore())).toEqual(window);
  });

  it("refuses an id that is not in the window before writing anything (unknown_span)", () => {
    const store = new ContentStore();
    const error = refusalOf(() => externalize(frozenWindow([a]), ["a", 'gh"ost\n'], store));
    expect(error).toMatchObject({ code: "unknown_span", span_id: 'gh"ost\n' });
    expect(store.size).toBe(0);
  });

  it("writes before the window changes: if a write fails, no window comes back", () => {
    class FailingStore extends ContentStore {
      writes = 0;
      override put(text: string): string {
        if (this.writes === 1) throw new Error("disk full");
        this.writes += 1;
        return super.put(text);
      }
    }
    const store = new FailingStore();
    expect(() => externalize(frozenWindow([a, b]), ["a", "b"], store)).toThrow("disk full");
    expect(store.get(contentKey(a.text))).toBe(a.text);
  });

  it("lets the append-only store refuse a content key bound to other text (StoreConflictError)", () => {
    const store = ContentStore.from(frozenStore({ [contentKey(a.text)]: "orders.total FLOAT" }));
    expect(() => externalize(frozenWindow([a]), ["a"], store)).toThrow(StoreConflictError);
  });

  it("handles ids with quotes, backslashes, newlines and prototype names", () => {
    const ids = ['q"', "b\\", "n\n", "__proto__", "toString"];
    const store = new ContentStore();
    const result = externalize(frozenWindow(ids.map((id) => original(id, `text of ${id}`, null))), ids, store);
    expect(result.spans.map((span) => store.get(span.externalized_key as string))).toEqual(ids.map((id) => `text of ${id}`));
  });
});
