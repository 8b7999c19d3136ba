import { closeSync, openSync, writeSync } from "node:fs";
import { TRACE_LINE_BYTES } from "../../src/trace/read-trace.ts";
import { WIRE_LIMITS } from "../../src/wire/limits.ts";

/**
 * The heap the harness needs at most, whatever an implementation answers within the limits (docs/protocol.md,
 * "Memory"): seven protocol lines for a run whose every answer fills a line, six trace lines for an audit of
 * lines at the trace line limit. What a run holds of an answer past the one in hand is cut (src/reports/bound.ts),
 * so neither grows with the number of requests. test/hostile/memory-bound.test.ts holds them; bench/hostile.ts
 * measures the peak RSS behind them.
 */
export const RUN_HEAP_MB = (7 * WIRE_LIMITS.lineBytes) / 2 ** 20;
export const AUDIT_HEAP_MB = (6 * TRACE_LINE_BYTES) / 2 ** 20;

/**
 * A trace of `lines` prune exchanges of one conversation, each line just under TRACE_LINE_BYTES: a window of
 * one span whose text is nearly a protocol line, in the request and again in the answer. Written in parts: the
 * writer holds one text, never a line.
 */
export function writeFullLineTrace(path: string, lines: number): void {
  const text = "x".repeat(TRACE_LINE_BYTES / 2 - 4096);
  const window = (depth: number) => [`{"spans":[{"span_id":"s1","text":"`, text, `","tags":[],"externalized_key":null}],"derivation_depth":${depth}}`];
  const file = openSync(path, "w");
  try {
    writeSync(file, `{"format":"prunecheck-trace","version":1}\n`);
    for (let id = 1; id <= lines; id++) {
      const at = `"sent_at":"2026-12-07T00:00:00Z","answered_at":"2026-12-07T00:00:01Z","conversation":"c"`;
      const parts = [
        `{"request":{"id":${id},"op":"prune","window":`,
        ...window(id - 1),
        `,"evict_ids":[],"store":{}},"response":{"id":${id},"ok":true,"window":`,
        ...window(id),
        `},${at}}\n`,
      ];
      for (const part of parts) writeSync(file, part);
    }
  } finally {
    closeSync(file);
  }
}
