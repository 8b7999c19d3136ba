/**
 * The harness's cost per request and peak memory against window size, from a few dozen spans to a big
 * window of thousands (~1 MB of text): the goal is linear, a request of a 3,000-span window costing about
 * 3,000/256 times one of 256 spans. Each size runs in its own process (window-size-child.ts), so each peak
 * RSS is that size's alone. `npx tsx bench/window-size.ts [--write]` (`--write`: into docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import { formatRatio } from "./measure.ts";
import { publish } from "./write-doc.ts";

export interface WindowSizeRow {
  readonly spans: number;
  readonly textChars: number;
  /** One request checked by one property (the mean over the catalog), CPU time. */
  readonly harnessMsPerRequest: number;
  /** The same request as a bare reference prune, CPU time. */
  readonly bareMsPerRequest: number;
  /** The child process's peak resident set, the runtime and the whole harness included. */
  readonly peakRssMb: number;
}

export const WINDOW_SIZES = [16, 256, 1024, 3000] as const;
/** The size the others are compared with: the fault threshold of the catalog's big-window mutant. */
const BASE = 256;
export const LINEAR_GOAL = 1.5;

export function benchWindowSize(seed: number): WindowSizeRow[] {
  const child = new URL("./window-size-child.ts", import.meta.url).pathname;
  return WINDOW_SIZES.map(
    (spans) => JSON.parse(execFileSync(process.execPath, ["--import", "tsx", child, String(spans), String(seed)], { encoding: "utf8" })) as WindowSizeRow,
  );
}

/**
 * Cost per character of text relative to the base size: 1 is exactly linear, above 1 worse than linear.
 * Per character rather than per span, since texts run from empty to 16 KiB and most of the work (copies,
 * comparisons, JSON) is over text. Judged from the base up: a small window's cost is mostly per request.
 */
export function perCharRatio(row: WindowSizeRow, base: WindowSizeRow): number {
  return row.harnessMsPerRequest / row.textChars / (base.harnessMsPerRequest / base.textChars);
}

export function renderWindowSize(rows: readonly WindowSizeRow[]): string {
  const base = rows.find((row) => row.spans === BASE) as WindowSizeRow;
  const worst = Math.max(...rows.filter((row) => row.spans >= BASE).map((row) => perCharRatio(row, base)));
  const lines = rows.map(
    (row) =>
      `| ${row.spans.toLocaleString("en-US")} | ${(row.textChars / 1e6).toFixed(2)} M | ${row.harnessMsPerRequest.toFixed(3)} ms | ${formatRatio(row.harnessMsPerRequest / row.bareMsPerRequest)} | ${formatRatio(row.harnessMsPerRequest / base.harnessMsPerRequest)} | ${formatRatio(perCharRatio(row, base))} | ${Math.round(row.peakRssMb)} MB |`,
  );
  return [
    "### Window size",
    "",
    `One prune of a quarter of the window (every span externalized), checked by each property in turn through Harness.exchange, in process against the reference; CPU time, median of 5 rounds. Each size is the first spans of one sample, so the sizes share a mix of texts. Per character vs ${BASE} spans: 1.00x is linear. Goal: at most ${formatRatio(LINEAR_GOAL)} from ${BASE} spans up; ${worst <= LINEAR_GOAL ? "met" : "not met"} (worst ${formatRatio(worst)}).`,
    "",
    "| spans | text (chars) | harness per request and property | over a bare prune | vs 256 spans | per character vs 256 spans | peak RSS |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...lines,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rendered = renderWindowSize(benchWindowSize(20261203));
  await publish(rendered, "window-size");
}
