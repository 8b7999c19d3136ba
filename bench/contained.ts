/**
 * What containing an `--impl` module in a worker thread of its own costs per call (issue 33), against
 * calling it on the harness's own thread as before: the reference's prune of windows of 10, 300 and 3,000
 * spans, the same module both ways, the two interleaved in pairs of batches, wall time (the module's thread
 * works while the harness's waits). `npx tsx bench/contained.ts [--write]` (`--write`: into docs/performance.md).
 */
import { openContainedDriver } from "../src/transport/contained.ts";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { loadPruner } from "../src/engine/target.ts";
import type { Driver } from "../src/transport/driver.ts";
import type { OperationCall } from "../src/wire/protocol.ts";
import { interleave, median, pairedRatio } from "./measure.ts";
import { publish } from "./write-doc.ts";

const MODULE = "test/fixtures/pruners/reference.ts";
const SIZES = [10, 300, 3000] as const;

function pruneOf(size: number): OperationCall {
  const store: Record<string, string> = {};
  const spans = Array.from({ length: size }, (_, index) => {
    const text = `span ${index} `.repeat(30);
    store[`k${index}`] = text;
    return { span_id: `s${index}`, text, tags: index % 3 === 0 ? ["constraint"] : [], externalized_key: `k${index}` };
  });
  return { op: "prune", window: { spans, derivation_depth: 0 }, evict_ids: spans.filter((_, index) => index % 2 === 1).map((span) => span.span_id), store };
}

async function benchContained(rounds: number): Promise<string> {
  const plain = inProcessDriver(await loadPruner(MODULE));
  const contained = await openContainedDriver(MODULE, { timeoutMs: 60_000 });
  const rows: string[] = [];
  try {
    for (const size of SIZES) {
      const call = pruneOf(size);
      const calls = size >= 3000 ? 20 : 200;
      const batch = (driver: Driver) => async () => {
        for (let n = 0; n < calls; n++) await driver.send(call);
      };
      await batch(contained)();
      const samples = await interleave({ plain: batch(plain), contained: batch(contained) }, rounds, "wall");
      const ms = (name: "plain" | "contained") => (median(samples[name]) / calls).toFixed(3);
      rows.push(
        `| ${size.toLocaleString("en-US")} | ${ms("plain")} ms | ${ms("contained")} ms | ${pairedRatio(samples.contained, samples.plain).toFixed(2)}x |`,
      );
    }
  } finally {
    await contained.close();
  }
  return [
    `Measured ${new Date().toISOString()}: the reference's prune (\`${MODULE}\`) of a window of N spans of 300 characters, half of them evicted; medians over ${rounds} rounds, the two ways interleaved. The contained call structured-clones the request into the module's thread and the answer back.`,
    "",
    "| spans | on the harness's thread | contained in its own thread | ratio |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rendered = await benchContained(7);
  await publish(rendered, "contained");
}
