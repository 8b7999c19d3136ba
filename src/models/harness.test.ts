import { describe, expect, it } from "vitest";
import { storeSnapshot } from "./harness.ts";

describe("storeSnapshot", () => {
  it("copies every key as an own entry of a plain object, `__proto__` and `toString` included", () => {
    const store: Record<string, string> = Object.create(null);
    store["__proto__"] = "a";
    store["toString"] = "b";
    store[""] = "c";
    const snapshot = storeSnapshot(store);
    expect(Object.getPrototypeOf(snapshot)).toBe(Object.prototype);
    expect(Object.keys(snapshot)).toEqual(["__proto__", "toString", ""]);
    expect([snapshot["__proto__"], snapshot["toString"], snapshot[""]]).toEqual(["a", "b", "c"]);
  });

  it("is a snapshot: later writes to the store do not reach it", () => {
    const store: Record<string, string> = Object.create(null);
    store.k = "before";
    const snapshot = storeSnapshot(store);
    store.k = "after";
    store.new = "x";
    expect(snapshot).toEqual({ k: "before" });
  });
});
