/**
 * Time to shrink a hang: an adapter that hangs on any window holding an empty span, checked until it
 * hangs and shrunk, per timeout and seed. The goal is the issue's: the one span reported in under 3x the
 * time it took to find the hang. Finding it costs at least one full timeout, and so does confirming the
 * shrunk case, so the ratio depends on the timeout: measured at the default and at a short one.
 */
import { join } from "node:path";
import { openStdioDriver } from "../src/transport/stdio.ts";
import { checkProperty } from "../src/models/run.ts";
import { PROPERTIES } from "../properties/index.ts";
import { median } from "./measure.ts";

const FIXTURE = join(import.meta.dirname, "..", "test", "fixtures", "hostile", "hangshrink", "hang-on-empty.mjs");
const PROPERTY = "inputs-immutable";

export interface HangShrinkOptions {
  readonly timeoutsMs: readonly number[];
  readonly seeds: readonly number[];
}

export interface HangShrinkRow {
  readonly timeoutMs: number;
  readonly seeds: readonly number[];
  /** Spans in the reported failing window, per seed. */
  readonly spans: readonly number[];
  readonly medianFindMs: number;
  readonly medianShrinkMs: number;
  /** Median over seeds of (find + shrink) / find. */
  readonly medianRatio: number;
  readonly worstRatio: number;
}

export async function benchHangShrink(options: HangShrinkOptions): Promise<HangShrinkRow[]> {
  const property = PROPERTIES.find((candidate) => candidate.id === PROPERTY);
  if (property === undefined) throw new Error(`bench: no property ${PROPERTY}`);
  const rows: HangShrinkRow[] = [];
  for (const timeoutMs of options.timeoutsMs) {
    const runs: { spans: number; findMs: number; shrinkMs: number }[] = [];
    for (const seed of options.seeds) {
      const driver = await openStdioDriver({ command: `"${process.execPath}" "${FIXTURE}"`, timeoutMs });
      try {
        const result = await checkProperty(driver, property, { level: "core", numRuns: 200, seed });
        if (result.status !== "failed") throw new Error(`bench: the hanging fixture passed ${PROPERTY} at seed ${seed}`);
        const pending = result.violation.pending;
        const spans = pending !== null && "window" in pending ? pending.window.spans.length : -1;
        runs.push({ spans, findMs: result.findMs, shrinkMs: result.ms - result.findMs });
      } finally {
        await driver.close();
      }
    }
    const ratios = runs.map((run) => (run.findMs + run.shrinkMs) / run.findMs);
    rows.push({
      timeoutMs,
      seeds: options.seeds,
      spans: runs.map((run) => run.spans),
      medianFindMs: median(runs.map((run) => run.findMs)),
      medianShrinkMs: median(runs.map((run) => run.shrinkMs)),
      medianRatio: median(ratios),
      worstRatio: Math.max(...ratios),
    });
  }
  return rows;
}
