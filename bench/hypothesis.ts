/**
 * `npx tsx bench/hypothesis.ts [--seeds 1,2,3] [--write]`: prunecheck's time to a full verdict against a hand-written
 * Hypothesis property's time to its first failure, on sixteen prune-only pruners with one fault each
 * (bench/hypothesis/faulty_prune.py), as issue 46 measured them. For each pruner and seed:
 * - the Hypothesis property (bench/hypothesis/property.py): one prune call in process, checked against the
 *   Python kit's reference, stopping at its first failure, shrunk, seeded with the same seed; its own clock
 *   and the process's wall time;
 * - `prunecheck run --cmd "python3 faulty_prune.py FAULT"` over stdio at its defaults: every applicable
 *   property judged, every report written; wall time, from the shell's start to its exit.
 * And the floor under any harness: the reference's requests of one default run (recorded by a `tee` in
 * front of the adapter) piped through the same Python adapter with nothing checked, and Node's start.
 * Needs python3 with hypothesis (Debian: python3-hypothesis) and `npm run build`. `--write`: into
 * docs/performance.md. A measurement, never part of `npm test`: about two minutes a seed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./measure.ts";
import { publish } from "./write-doc.ts";

const FAULTY = "bench/hypothesis/faulty_prune.py";
const PROPERTY = "bench/hypothesis/property.py";
const seedsFlag = process.argv.indexOf("--seeds");
const SEEDS = seedsFlag === -1 ? [1, 2, 3] : (process.argv[seedsFlag + 1] ?? "").split(",").map(Number);

interface Timed {
  readonly seconds: number;
  readonly stdout: string;
  readonly code: number | null;
}

function timed(command: string, args: readonly string[]): Timed {
  const started = performance.now();
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { seconds: (performance.now() - started) / 1000, stdout: result.stdout, code: result.status };
}

function faults(): string[] {
  const listed = spawnSync("python3", ["-c", "import sys; sys.path.insert(0, 'bench/hypothesis'); from faulty_prune import FAULTS; print(' '.join(FAULTS))"], {
    encoding: "utf8",
  });
  return listed.stdout.trim().split(" ");
}

interface Verdict {
  readonly seconds: number;
  readonly violations: number;
  readonly reports: number;
  readonly judged: number;
}

function prunecheck(fault: string, seed: number): Verdict {
  const out = mkdtempSync(join(tmpdir(), "prunecheck-bench-hypothesis-"));
  try {
    const run = timed("node", ["bin/prunecheck.js", "run", "--cmd", `python3 ${FAULTY} ${fault}`, "--seed", String(seed), "--out", out]);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
      violations: string[];
      results: { status: string; report?: string }[];
    };
    if (run.code !== 0 && run.code !== 1) throw new Error(`prunecheck exited ${run.code} on ${fault}, seed ${seed}`);
    const judged = summary.results.filter((result) => result.status === "passed" || result.status === "failed").length;
    const reports = new Set(summary.results.flatMap((result) => (result.report === undefined ? [] : [result.report]))).size;
    return { seconds: run.seconds, violations: summary.violations.length, reports, judged };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function hypothesis(fault: string, seed: number): { seconds: number; wall: number; failed: boolean } {
  const run = timed("python3", [PROPERTY, fault, String(seed)]);
  const { failed, seconds } = JSON.parse(run.stdout) as { failed: boolean; seconds: number };
  return { seconds, wall: run.seconds, failed };
}

/** The adapter alone on the reference's requests of one default run, and Node's own start: what no harness can go under. */
function floor(): { adapterSeconds: number; megabytes: number; nodeSeconds: number } {
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-bench-floor-"));
  try {
    const lines = join(dir, "requests.jsonl");
    timed("node", ["bin/prunecheck.js", "run", "--cmd", `sh -c 'tee ${lines} | python3 ${FAULTY} none'`, "--seed", String(SEEDS[0] ?? 1), "--out", dir]);
    const adapter = timed("sh", ["-c", `python3 ${FAULTY} none < ${lines} > /dev/null`]);
    const node = timed("node", ["-e", ""]);
    return { adapterSeconds: adapter.seconds, megabytes: readFileSync(lines).length / 1e6, nodeSeconds: node.seconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: string[] = [];
const ours: number[] = [];
const theirs: number[] = [];
const theirsWall: number[] = [];
let caughtByUs = 0;
let caughtByThem = 0;
for (const fault of faults()) {
  const verdicts = SEEDS.map((seed) => prunecheck(fault, seed));
  const properties = SEEDS.map((seed) => hypothesis(fault, seed));
  const ourMedian = median(verdicts.map((verdict) => verdict.seconds));
  const theirMedian = median(properties.map((property) => property.seconds));
  ours.push(ourMedian);
  theirs.push(theirMedian);
  theirsWall.push(median(properties.map((property) => property.wall)));
  const caught = verdicts.filter((verdict) => verdict.violations > 0).length;
  const found = properties.filter((property) => property.failed).length;
  caughtByUs += caught;
  caughtByThem += found;
  rows.push(
    `| \`${fault}\` | ${found}/${SEEDS.length} | ${theirMedian.toFixed(2)} s | ${caught}/${SEEDS.length} | ${Math.max(...verdicts.map((verdict) => verdict.reports))} | ${Math.min(...verdicts.map((verdict) => verdict.judged))} | ${ourMedian.toFixed(2)} s | ${(ourMedian / theirMedian).toFixed(1)}x |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}
const base = floor();
const total = faults().length * SEEDS.length;
await publish(
  [
    `Measured ${new Date().toISOString().slice(0, 16)}Z on ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end; seeds ${SEEDS.join(", ")}, each pruner's time the median over them.`,
    "",
    `| pruner | Hypothesis found it | Hypothesis, to its first failure | prunecheck found it | reports | properties judged | prunecheck, to a full verdict (wall) | ratio |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Medians: Hypothesis ${median(theirs).toFixed(2)} s on its own clock (${median(theirsWall).toFixed(2)} s for the process), prunecheck ${median(ours).toFixed(2)} s: **${(median(ours) / median(theirs)).toFixed(1)}x** (${(median(ours) / median(theirsWall)).toFixed(1)}x process to process). Found: Hypothesis ${caughtByThem} of ${total}, prunecheck ${caughtByUs} of ${total}.`,
    "",
    `Floor: a default run sends ${base.megabytes.toFixed(0)} MB of requests; the adapter alone reads and answers them in ${base.adapterSeconds.toFixed(2)} s, and Node starts in ${base.nodeSeconds.toFixed(2)} s.`,
  ].join("\n"),
  "hypothesis",
);
