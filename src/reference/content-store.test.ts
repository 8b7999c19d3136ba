import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { StoreConflictError } from "../errors/store.ts";
import { ContentStore, contentKey } from "./content-store.ts";
import { deepFreeze, frozenStore } from "./test-helpers.ts";

describe("contentKey", () => {
  it("is the sha256 of the text's UTF-8 bytes", () => {
    const text = "NUMERIC(12,2) 👩🏽‍💻";
    const expected = createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
    expect(contentKey(text)).toBe(`sha256:${expected}`);
    expect(contentKey("")).toBe("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("keys text with a lone surrogate by the sha256 of its UTF-16 code units", () => {
    const text = "a\uD83D";
    const expected = createHash("sha256").update(Buffer.from(text, "utf16le")).digest("hex");
    expect(contentKey(text)).toBe(`sha256-utf16le:${expected}`);
  });

  it("gives NFC and NFD variants of the same text different keys", () => {
    expect(contentKey("caf\u00e9")).not.toBe(contentKey("cafe\u0301"));
  });

  it("gives texts with lone surrogates keys of their own: UTF-8 would turn each into U+FFFD", () => {
    const texts = ["\uD800", "\uDC00", "\uFFFD", "a\uD83D", "\uD83D\uDE00", "\uDE00\uD83D"];
    const keys = texts.map(contentKey);
    expect(new Set(keys).size).toBe(texts.length);
    expect(keys[0]?.startsWith("sha256-utf16le:")).toBe(true);
    expect(keys[2]?.startsWith("sha256:")).toBe(true);
    expect(keys[4]).toBe(`sha256:${createHash("sha256").update("😀", "utf8").digest("hex")}`);
  });

  it("distinguishes whitespace-edged text from its trimmed form", () => {
    expect(contentKey(" x\n")).not.toBe(contentKey("x"));
  });
});

describe("ContentStore", () => {
  it("puts text under its content key and gets it back byte-exact", () => {
    const store = new ContentStore();
    for (const text of ["", "  edged\t\n", "cafe\u0301", "caf\u00e9", "🚫 staging"]) {
      const key = store.put(text);
      expect(key).toBe(contentKey(text));
      expect(store.get(key)).toBe(text);
      expect(store.has(key)).toBe(true);
    }
    expect(store.size).toBe(5);
  });

  it("stores distinct lone-surrogate texts side by side instead of refusing the second", () => {
    const store = new ContentStore();
    const texts = ["\uD800", "\uDBFF", "\uFFFD"];
    const keys = texts.map((text) => store.put(text));
    expect(keys.map((key) => store.get(key))).toEqual(texts);
  });

  it("putting the same text twice binds one key", () => {
    const store = new ContentStore();
    expect(store.put("same")).toBe(store.put("same"));
    expect(store.size).toBe(1);
  });

  it("binds explicit keys and accepts rebinding a key to the same text", () => {
    const store = new ContentStore();
    store.bind("k", "text");
    store.bind("k", "text");
    expect(store.get("k")).toBe("text");
    expect(store.size).toBe(1);
  });

  it("is append-only: rebinding a key to different text throws StoreConflictError and keeps the old text", () => {
    const store = new ContentStore();
    store.bind("schema", "orders.total NUMERIC(12,2)");
    let caught: unknown;
    try {
      store.bind("schema", "orders.total FLOAT");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoreConflictError);
    expect(caught).toMatchObject({ name: "StoreConflictError", code: "store_rebind", key: "schema" });
    expect((caught as Error).message).toBe('store key "schema" is already bound to different text; the store is append-only [store_rebind]');
    expect(store.get("schema")).toBe("orders.total NUMERIC(12,2)");
  });

  it("refuses to rebind a key to a canonically equivalent but different text (NFC vs NFD)", () => {
    const store = new ContentStore();
    store.bind("k", "caf\u00e9");
    expect(() => store.bind("k", "cafe\u0301")).toThrow(StoreConflictError);
  });

  it("refuses to rebind a content key to text that does not hash to it", () => {
    const store = new ContentStore();
    store.bind(contentKey("x"), "not x");
    expect(() => store.put("x")).toThrow(StoreConflictError);
  });

  it("knows nothing it was not given: prototype names are not keys", () => {
    const store = new ContentStore();
    for (const key of ["toString", "__proto__", "constructor", "hasOwnProperty"]) {
      expect(store.has(key)).toBe(false);
      expect(store.get(key)).toBeUndefined();
    }
  });

  it("holds `__proto__` and `toString` as ordinary keys", () => {
    const store = ContentStore.from(
      frozenStore([
        ["__proto__", "p"],
        ["toString", "t"],
      ]),
    );
    expect(store.get("__proto__")).toBe("p");
    expect(store.get("toString")).toBe("t");
    const snapshot = store.snapshot();
    expect(Object.hasOwn(snapshot, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(snapshot)).toBe(Object.prototype);
    expect(snapshot["__proto__"]).toBe("p");
  });

  it("loads a wire store without changing it, and snapshots a plain copy", () => {
    const wire = frozenStore({ k1: "one", k2: "" });
    const store = ContentStore.from(wire);
    expect(store.size).toBe(2);
    const snapshot = store.snapshot();
    expect(snapshot).toEqual(wire);
    expect(snapshot).not.toBe(wire);
  });

  it("snapshots are copies: later puts do not appear in an earlier snapshot", () => {
    const store = new ContentStore();
    const before = deepFreeze(store.snapshot());
    store.put("later");
    expect(before).toEqual({});
    expect(Object.keys(store.snapshot())).toEqual([contentKey("later")]);
  });
});
