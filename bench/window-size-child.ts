/**
 * One window size of the window-size benchmark, in a process of its own so that its peak RSS is its own:
 * `tsx bench/window-size-child.ts <spans> <seed>` prints one JSON WindowSizeRow on stdout.
 */
import fc from "fast-check";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { spanSpecArb } from "../src/arbitraries/span-spec.ts";
import { Harness, storeSnapshot } from "../src/models/harness.ts";
import { World } from "../src/models/world.ts";
import { prune, referencePruner } from "../src/reference/index.ts";
import type { OperationCall } from "../src/wire/protocol.ts";
import { PROPERTIES } from "../properties/index.ts";
import { compare, median } from "./measure.ts";
import { WINDOW_SIZES, type WindowSizeRow } from "./window-size.ts";

const [spans, seed] = process.argv.slice(2).map(Number) as [number, number];
const world = new World(referencePruner.capabilities, "sha256");
// The first spans of one sample of the largest size, so that every size has the same mix of texts.
world.addSpans(fc.sample(spanSpecArb, { numRuns: Math.max(...WINDOW_SIZES), seed }).slice(0, spans));
world.externalize(new Set(world.window.spans.map((span) => span.span_id)));
// A quarter of the window, chosen as selectors choose: by mark.
const evict_ids = world.window.spans.filter((span) => world.markOf(span.span_id) === 0).map((span) => span.span_id);
const call: OperationCall = { op: "prune", window: world.window, evict_ids, store: storeSnapshot(world.store) };
const driver = inProcessDriver(referencePruner);

/** One request through the harness once per property, as a strict run checks it (the world is not moved on). */
async function throughHarness(): Promise<void> {
  for (const property of PROPERTIES) {
    const view = { truth: world.truth, window: call.window } as unknown as World;
    await new Harness(driver, [property], "strict").exchange(view, "prune", call);
  }
}

const compared = await compare(
  () => prune(call.window, evict_ids, call.store),
  { harness: throughHarness },
  { clock: "cpu", warmup: 1, rounds: 5, minSampleMs: 200 },
);
const row: WindowSizeRow = {
  spans,
  textChars: world.window.spans.reduce((sum, span) => sum + span.text.length, 0),
  harnessMsPerRequest: median(compared.harness.samples) / PROPERTIES.length,
  bareMsPerRequest: median(compared.harness.baseline),
  peakRssMb: process.resourceUsage().maxRSS / 1024,
};
process.stdout.write(`${JSON.stringify(row)}\n`);
