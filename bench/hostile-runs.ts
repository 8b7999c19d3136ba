/**
 * What whole runs cost the harness when every answer is the largest the limits allow (issue 45: 60 MB answers
 * took a run to 4.4 GB and a crash): peak RSS and time, with Node's default heap and with the heap
 * docs/protocol.md states as the ceiling (test/helpers/memory-bound.ts), which test/hostile/memory-bound.test.ts
 * holds. `npx tsx bench/hostile-runs.ts [--write]` (`--write`: into docs/performance.md). Needs `npm run build`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AUDIT_HEAP_MB, RUN_HEAP_MB, writeFullLineTrace } from "../test/helpers/memory-bound.ts";
import { publish } from "./write-doc.ts";

interface RunRow {
  readonly name: string;
  readonly heap: string;
  readonly seconds: number;
  readonly peakRssMb: number;
  readonly outcome: string;
}

const ROOT = new URL("../", import.meta.url).pathname;
const FIXTURES = join(ROOT, "test", "fixtures");
/** Seed 1 fails at once and shrinks through 67 more requests, each answered with a full line. */
const SHRUNK = ["--runs", "5", "--seed", "1", "--property", "precondition-recoverable"];

function measure(name: string, heapMb: number | null, args: (dir: string) => string[]): RunRow {
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-bench-"));
  const peakFile = join(dir, "peak");
  const started = performance.now();
  const heap = heapMb === null ? [] : [`--max-old-space-size=${heapMb}`];
  const child = spawnSync(process.execPath, [...heap, "--require", join(ROOT, "bench", "peak-rss.cjs"), join(ROOT, "bin", "prunecheck.js"), ...args(dir)], {
    env: { ...process.env, PRUNECHECK_PEAK_RSS_FILE: peakFile },
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = Number(readFileSync(peakFile, "utf8").trim().split("\n").at(-1) ?? Number.NaN);
  const outcome = child.status === 1 ? "violation found, summary.json written" : `exit ${child.status ?? child.signal}: ${child.stderr.slice(-200)}`;
  rmSync(dir, { recursive: true, force: true });
  return { name, heap: heapMb === null ? "Node's default" : `${heapMb} MiB (the ceiling)`, seconds, peakRssMb: peak, outcome };
}

export function benchHostileRuns(): RunRow[] {
  const cases: [string, number, (dir: string) => string[]][] = [
    [
      "run over stdio, every answer a full 64 MiB line",
      RUN_HEAP_MB,
      (dir) => ["run", "--cmd", `node ${join(FIXTURES, "adapters", "huge-answer.mjs")}`, ...SHRUNK, "--out", dir],
    ],
    [
      "run in process, every answer a full line",
      RUN_HEAP_MB,
      (dir) => ["run", "--impl", join(FIXTURES, "pruners", "huge-answer.mjs"), ...SHRUNK, "--out", dir],
    ],
    [
      "run over stdio, every answer 8M zeros for spans (16 MB, refused before it is parsed)",
      RUN_HEAP_MB,
      (dir) => ["run", "--cmd", `node ${join(FIXTURES, "hostile", "bounds", "million-spans.mjs")} --count 8000000`, "--runs", "5", "--seed", "1", "--out", dir],
    ],
    [
      "audit of 4 trace lines at the 128 MiB limit, one conversation",
      AUDIT_HEAP_MB,
      (dir) => {
        writeFullLineTrace(join(dir, "trace.jsonl"), 4);
        return ["audit", join(dir, "trace.jsonl"), "--out", join(dir, "out")];
      },
    ],
  ];
  return cases.flatMap(([name, ceiling, args]) => [measure(name, null, args), measure(name, ceiling, args)]);
}

export function renderHostileRuns(rows: readonly RunRow[]): string {
  return [
    `Measured ${new Date().toISOString()}: the harness's own peak RSS (its process, the pruner's thread included in process; an adapter's process not), and the wall time of the command.`,
    "",
    "| run | heap | time | peak RSS | outcome |",
    "| --- | --- | ---: | ---: | --- |",
    ...rows.map((row) => `| ${row.name} | ${row.heap} | ${row.seconds.toFixed(1)} s | ${Math.round(row.peakRssMb)} MB | ${row.outcome} |`),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rendered = renderHostileRuns(benchHostileRuns());
  await publish(rendered, "hostile-runs");
}
