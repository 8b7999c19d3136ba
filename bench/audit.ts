/**
 * What auditing a recorded trace costs (issue 13): the audit of a trace against reading the same file's
 * lines and `JSON.parse`-ing each, in one run, as MB/s and exchanges/s, and the peak RSS of auditing
 * traces from 50 MB to 2 GB (bounded memory means the larger costs no more), with their conversations
 * ended by end lines and, at 2 GB, left open. Each measurement runs in a process of its own, so its peak
 * RSS is its own. The trace is conversations of the reference's recorded answers (recordPruner), windows
 * of 20 spans of a few hundred characters. And what recording adds to each
 * exchange: the Python reference adapter asked the same prunes one after another, directly and through
 * `prunecheck record`; and `prunecheck audit --workers` on several files (the compiled CLI: `npm run build` first).
 * `npx tsx bench/audit.ts [--write]` (`--write`: into docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PROPERTIES } from "../properties/index.ts";
import { auditTrace, OPEN_CONVERSATIONS, type ConversationCounts } from "../src/audit/audit-trace.ts";
import { notJudgedReason } from "../src/audit/judge.ts";
import { referencePruner } from "../src/reference/index.ts";
import { recordPruner } from "../src/trace/record-pruner.ts";
import { openStdioDriver } from "../src/transport/stdio.ts";
import type { Span, Store, Window } from "../src/wire/window.ts";
import { publish } from "./write-doc.ts";

interface Measure {
  readonly mode: "parse" | "audit";
  readonly mb: number;
  readonly exchanges: number;
  readonly seconds: number;
  readonly peakRssMb: number;
  /** What the audit followed; none for a parse. */
  readonly conversations?: ConversationCounts;
}

/** A trace to measure: about `mb` megabytes, its conversations ended by end lines or left open. */
interface TraceSize {
  readonly mb: number;
  readonly ends: boolean;
}

const SPANS = 20;
/** Conversations running at once, their exchanges interleaved round-robin, as a busy runtime's trace has them. */
const CONCURRENT = 50;

/**
 * A trace of about `targetMb`, written as it is made: conversations of a window pruned span by span, then
 * compacted, by the reference, CONCURRENT at a time, each ended with its end line when `ends` (else the
 * audit's --open-conversations bound is all that keeps its memory down).
 */
export async function writeTrace(file: string, targetMb: number, ends: boolean): Promise<void> {
  const fd = openSync(file, "w");
  let bytes = 0;
  let pending: string[] = [];
  const flush = () => {
    writeSync(fd, `${pending.join("\n")}\n`);
    pending = [];
  };
  const write = (line: string) => {
    pending.push(line);
    bytes += line.length + 1;
    if (pending.length >= 1000) flush();
  };
  let current = "";
  const recorded = recordPruner(referencePruner, write, { conversation: () => current });
  let started = 0;
  try {
    while (bytes < targetMb * 1e6) {
      const batch = Array.from({ length: CONCURRENT }, () => conversation(++started));
      // Prunes of s1, s3 … s19, then (at 21) a compaction.
      for (let at = 1; at <= SPANS + 1; at += 2) {
        for (const each of batch) {
          current = each.id;
          each.window =
            at < SPANS
              ? await recorded.prune(each.window, [`s${at}`], each.store)
              : await recorded.compact!(each.window, each.store, { unit: "chars", limit: 1000 });
        }
      }
      if (ends) for (const each of batch) recorded.endConversation(each.id);
    }
    flush();
  } finally {
    closeSync(fd);
  }
}

function conversation(number: number): { id: string; store: Store; window: Window } {
  const store: Store = {};
  const spans: Span[] = Array.from({ length: SPANS }, (_, at) => {
    const text = `turn ${at} of conversation ${number}: ${"users.email: VARCHAR(255) NOT NULL UNIQUE; ".repeat(6)}`;
    store[`k${number}-${at}`] = text;
    return { span_id: `s${at}`, text, tags: at % 5 === 0 ? ["constraint"] : [], externalized_key: `k${number}-${at}` };
  });
  return { id: `c${number}`, store, window: { spans, derivation_depth: 0 } };
}

async function measure(mode: Measure["mode"], file: string): Promise<Measure> {
  const started = performance.now();
  let exchanges = 0;
  let conversations: ConversationCounts | undefined;
  if (mode === "parse") {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      JSON.parse(line);
      exchanges++;
    }
    exchanges--;
  } else {
    const judged = PROPERTIES.filter((property) => notJudgedReason(property) === null);
    ({ exchanges, conversations } = await auditTrace(file, judged, "strict"));
  }
  return {
    mode,
    ...(conversations === undefined ? {} : { conversations }),
    mb: statSync(file).size / 1e6,
    exchanges,
    seconds: (performance.now() - started) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1e3,
  };
}

function inChild(mode: Measure["mode"], file: string): Measure {
  const self = new URL(import.meta.url).pathname;
  return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", self, "child", mode, file], { encoding: "utf8" })) as Measure;
}

export async function benchAudit(sizes: readonly TraceSize[]): Promise<Measure[]> {
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-bench-audit-"));
  try {
    const rows: Measure[] = [];
    for (const size of sizes) {
      const file = join(dir, `trace-${size.mb}-${size.ends ? "ended" : "open"}.jsonl`);
      await writeTrace(file, size.mb, size.ends);
      rows.push(inChild("parse", file), inChild("audit", file));
      // One at a time: two 2 GB traces need not be on disk together.
      rmSync(file);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Parallel {
  readonly files: number;
  readonly mb: number;
  readonly workers: number;
  readonly oneSeconds: number;
  readonly manySeconds: number;
}

/**
 * The same traces audited by the compiled CLI one at a time and with `--workers`, as a user runs it (a thread
 * from the sources would spend its first second compiling TypeScript): wall time of each process.
 */
export async function benchWorkers(count: number, mbEach: number, workers: number): Promise<Parallel> {
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-bench-workers-"));
  try {
    const files = Array.from({ length: count }, (_, at) => join(dir, `trace-${at}.jsonl`));
    for (const file of files) await writeTrace(file, mbEach, true);
    const run = (n: number) => {
      const started = performance.now();
      execFileSync(process.execPath, ["bin/prunecheck.js", "audit", ...files, "--workers", String(n), "--level", "strict", "--out", join(dir, "reports")], {
        stdio: "ignore",
      });
      return (performance.now() - started) / 1000;
    };
    const mb = files.reduce((sum, file) => sum + statSync(file).size / 1e6, 0);
    return { files: count, mb, workers, oneSeconds: run(1), manySeconds: run(workers) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderWorkers(parallel: Parallel): string {
  const { files, mb, workers, oneSeconds, manySeconds } = parallel;
  return `Several files: \`prunecheck audit\` of ${files} traces, ${mb.toFixed(0)} MB in all, at strict, took ${oneSeconds.toFixed(1)} s one at a time and ${manySeconds.toFixed(1)} s with --workers ${workers} (${(oneSeconds / manySeconds).toFixed(2)}x as fast, on ${availableParallelism()} cores).`;
}

export interface Latency {
  readonly requests: number;
  readonly directMs: number;
  readonly recordedMs: number;
}

/** The same prunes, one after another, to the Python reference adapter, directly and through the recorder. */
export async function benchRecording(requests: number): Promise<Latency> {
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-bench-record-"));
  const adapter = "python3 examples/python/adapter.py";
  const time = async (command: string) => {
    const driver = await openStdioDriver({ command });
    const store: Store = { k1: "users.email: VARCHAR(255) NOT NULL UNIQUE" };
    const window: Window = { spans: [{ span_id: "s1", text: store.k1!, tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };
    try {
      for (let warm = 0; warm < 50; warm++) await driver.send({ op: "prune", window, evict_ids: ["s1"], store });
      const started = performance.now();
      for (let at = 0; at < requests; at++) await driver.send({ op: "prune", window, evict_ids: ["s1"], store });
      return (performance.now() - started) / requests;
    } finally {
      await driver.close();
    }
  };
  try {
    const directMs = await time(adapter);
    const recordedMs = await time(`"${process.execPath}" bin/prunecheck.js record --cmd "${adapter}" --trace "${join(dir, "recorded.jsonl")}"`);
    return { requests, directMs, recordedMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderRecording(latency: Latency): string {
  return `Recording: ${latency.requests.toLocaleString("en-US")} prunes asked one after another of the Python reference adapter took ${latency.directMs.toFixed(3)} ms each directly and ${latency.recordedMs.toFixed(3)} ms through \`prunecheck record\` (${(latency.recordedMs / latency.directMs).toFixed(2)}x, ${(latency.recordedMs - latency.directMs).toFixed(3)} ms more per exchange).`;
}

export function renderAudit(rows: readonly Measure[]): string {
  const rate = (row: Measure) => `${(row.mb / row.seconds).toFixed(1)} MB/s, ${Math.round(row.exchanges / row.seconds).toLocaleString("en-US")} exchanges/s`;
  const pairs = rows.flatMap((row, at) => (row.mode === "audit" ? [[rows[at - 1]!, row] as const] : []));
  return [
    `Measured ${new Date().toISOString()}: each in a process of its own; "parse" reads the file's lines and \`JSON.parse\`s each, "audit" is \`auditTrace\` with every property a trace can judge, at strict, following at most ${OPEN_CONVERSATIONS.toLocaleString("en-US")} conversations at once (the default). The traces' conversations run ${CONCURRENT} at a time, interleaved.`,
    "",
    "| trace | exchanges | conversations: ended / forgotten while open | parse | audit | audit / parse | peak RSS, parse / audit |",
    "| --- | ---: | --- | --- | --- | ---: | --- |",
    ...pairs.map(([parse, audit]) => {
      const { started = 0, ended = 0, forgotten = 0 } = audit.conversations ?? {};
      const counts = `${started.toLocaleString("en-US")}: ${ended.toLocaleString("en-US")} / ${forgotten.toLocaleString("en-US")}`;
      return `| ${audit.mb.toFixed(0)} MB | ${audit.exchanges.toLocaleString("en-US")} | ${counts} | ${rate(parse)} | ${rate(audit)} | ${(parse.seconds / audit.seconds).toFixed(2)}x | ${Math.round(parse.peakRssMb)} MB / ${Math.round(audit.peakRssMb)} MB |`;
    }),
  ].join("\n");
}

if (process.argv[2] === "child") {
  process.stdout.write(`${JSON.stringify(await measure(process.argv[3] as Measure["mode"], process.argv[4] as string))}\n`);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = [
    { mb: 50, ends: true },
    { mb: 200, ends: true },
    { mb: 2000, ends: true },
    { mb: 2000, ends: false },
  ];
  const rendered = `${renderAudit(await benchAudit(sizes))}\n\n${renderWorkers(await benchWorkers(4, 100, 2))}\n\n${renderRecording(await benchRecording(2000))}`;
  await publish(rendered, "audit");
}
