import { describe, expect, it } from "vitest";
import type { Driver } from "../transport/driver.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { Harness, storeSnapshot } from "./harness.ts";
import type { Property } from "./property.ts";
import { PropertyViolation } from "../errors/property-violation.ts";
import { World } from "./world.ts";

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

describe("Harness: every property judges every request", () => {
  const driver: Driver = {
    name: "echo",
    capabilities: ["prune"],
    send: async (call) => ({ request: { id: 1, ...call }, outcome: { ok: true, window: call.window } }),
    close: async () => {},
    stderrTail: () => "",
  };
  const property = (id: string, fails: boolean): Property => ({
    id,
    level: "core",
    requires: [],
    title: id,
    quote: "",
    check: () => (fails ? { message: `${id} found it`, span_id: null } : null),
  });

  it("returns a violation per property that found one, from one request", async () => {
    const harness = new Harness(driver, [property("a", true), property("b", false), property("c", true)], "core");
    const world = new World(["prune"], "counter");
    const call = { op: "prune" as const, window: world.window, evict_ids: [], store: {} };
    await expect(harness.exchange(world, "prune []", call)).rejects.toBeInstanceOf(PropertyViolation);
    expect(harness.requests).toBe(1);
    expect([...harness.violations].map(([id, violation]) => [id, violation.finding.message])).toEqual([
      ["a", "a found it"],
      ["c", "c found it"],
    ]);
  });

  it("gives an adapter fault to every property", async () => {
    const faulty: Driver = { ...driver, send: async () => Promise.reject(new AdapterFault("not_json", null, "not JSON")) };
    const harness = new Harness(faulty, [property("a", false), property("b", false)], "core");
    const world = new World(["prune"], "counter");
    await expect(harness.exchange(world, "prune []", { op: "prune", window: world.window, evict_ids: [], store: {} })).rejects.toBeInstanceOf(
      PropertyViolation,
    );
    expect([...harness.violations.entries()].map(([id, violation]) => [id, violation.property.id])).toEqual([
      ["a", "adapter-protocol"],
      ["b", "adapter-protocol"],
    ]);
  });
});
