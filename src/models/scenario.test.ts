import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withSend } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { referencePruner } from "../reference/index.ts";
import { BIG_WINDOW_SPANS, bigBatchArb, spanSpecArb } from "../arbitraries/span-spec.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { checkProperty } from "./run.ts";
import { AddSpans } from "./commands/index.ts";
import { World, type SpanSpec } from "./world.ts";

const MB = 1_000_000;

describe("big-window scenarios", () => {
  it("append batches of 200 to 3,000 spans carrying about a megabyte of text, never several megabytes", () => {
    const batches = fc.sample(bigBatchArb, { numRuns: 40, seed: 11 });
    const chars = batches.map((batch) => batch.reduce((sum, spec) => sum + spec.text.length, 0));
    expect(Math.min(...batches.map((batch) => batch.length))).toBeGreaterThanOrEqual(199);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(BIG_WINDOW_SPANS);
    expect(Math.max(...chars)).toBeLessThan(3 * MB);
    const mean = chars.reduce((sum, count) => sum + count, 0) / chars.length;
    expect(mean).toBeGreaterThan(0.3 * MB);
    expect(mean).toBeLessThan(1.5 * MB);
  });

  it("hold one real context: a big batch that would take the window past 3,000 spans is skipped", () => {
    const [spec] = fc.sample(spanSpecArb, { numRuns: 1, seed: 5 }) as [SpanSpec];
    const world = new World(["prune"], "counter");
    world.addSpans(Array.from({ length: BIG_WINDOW_SPANS - 1 }, () => spec));
    expect(new AddSpans([spec], BIG_WINDOW_SPANS).check(world)).toBe(true);
    expect(new AddSpans([spec, spec], BIG_WINDOW_SPANS).check(world)).toBe(false);
    // Ordinary batches have no such bound: pruning pressure builds on a window however big.
    expect(new AddSpans([spec, spec]).check(world)).toBe(true);
  });

  it("send windows past 256 spans and requests of a few megabytes at most", async () => {
    let largestWindow = 0;
    let largestRequest = 0;
    const inner = inProcessDriver(referencePruner);
    const driver = withSend(inner, (call, options) => {
      largestWindow = Math.max(largestWindow, call.window.spans.length);
      largestRequest = Math.max(largestRequest, JSON.stringify(call).length);
      return inner.send(call, options);
    });
    const property = PROPERTIES.find((candidate) => candidate.id === "kept-untouched") as (typeof PROPERTIES)[number];
    const result = await checkProperty(driver, property, { level: "core", numRuns: 6, seed: 3, bigWindows: true });
    expect(result.status).toBe("passed");
    expect(largestWindow).toBeGreaterThan(256);
    // The big batch and at most 24 ordinary ones of up to 48 spans each.
    expect(largestWindow).toBeLessThanOrEqual(BIG_WINDOW_SPANS + 24 * 48);
    expect(largestRequest).toBeLessThan(8 * MB);
  });
});
