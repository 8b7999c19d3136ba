/**
 * One hostile answer of the hostile benchmark, in a process of its own so that its peak RSS is its own:
 * `tsx bench/hostile-child.ts <case>` reads the answer line as the stdio driver would (readResponse) and
 * prints one JSON HostileRow on stdout.
 */
import { readResponse } from "../src/transport/responses.ts";
import type { OperationRequest } from "../src/wire/protocol.ts";
import { HOSTILE_CASES, type HostileRow } from "./hostile.ts";

const name = process.argv[2] as keyof typeof HOSTILE_CASES;
const line = HOSTILE_CASES[name]();
const request: OperationRequest = { id: 1, op: "prune", window: { spans: [], derivation_depth: 0 }, evict_ids: [], store: {} };
const baseRssMb = process.memoryUsage().rss / 1e6;
const started = performance.now();
const reading = readResponse(line, request);
const row: HostileRow = {
  name,
  lineMb: Buffer.byteLength(line) / 1e6,
  ms: performance.now() - started,
  peakRssMb: process.resourceUsage().maxRSS / 1e3,
  baseRssMb,
  verdict: reading.ok ? "accepted" : reading.code,
};
process.stdout.write(`${JSON.stringify(row)}\n`);
