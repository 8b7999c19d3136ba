/**
 * Stdio throughput and harness overhead against the Python example adapter. One conformance run, exactly as
 * `prunecheck run` makes it (every property judging one shared stream of runs, requests pipelined as the adapter allows), is
 * recorded: every request line the driver wrote. Then the same lines are piped through a fresh adapter with
 * no checking at all: in one batch, and one at a time (the protocol's rule without pipelining).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { withSend, type Driver } from "../src/transport/driver.ts";
import { LineReader } from "../src/transport/line-reader.ts";
import { openStdioDriver } from "../src/transport/stdio.ts";
import { appliesTo } from "../src/models/property.ts";
import { checkTogether } from "../src/models/joint.ts";
import type { OperationCall } from "../src/wire/protocol.ts";
import { PROPERTIES } from "../properties/index.ts";
import { interleave, median, pairedRatio } from "./measure.ts";

const PYTHON_ADAPTER = "python3 examples/python/adapter.py";

export interface StdioOptions {
  readonly seed: number;
  /** Runs per property in one conformance run. */
  readonly runs: number;
  readonly rounds: number;
}

export interface StdioResult {
  readonly command: string;
  readonly properties: number;
  readonly requests: number;
  /** Requests per second of a conformance run: generation, environment commands, checks, the wire. */
  readonly requestsPerSecond: number;
  /** The recorded calls through the stdio driver alone, all sent at once (pipelined as in a run). */
  readonly driverRequestsPerSecond: number;
  /** The recorded lines through a bare pipe, each written once the last is answered. */
  readonly pingPongRequestsPerSecond: number;
  /** The recorded lines through a bare pipe in one write. */
  readonly batchRequestsPerSecond: number;
  /** Conformance run / batch pipe: the figure. */
  readonly overheadVsBatch: number;
  /** What the model adds over the wire alone: generating scenarios, environment commands, property checks. */
  readonly conformanceVsDriver: number;
  /** What the driver adds over a bare pipe: serializing, parsing and validating, its queue and timers. */
  readonly driverVsBatch: number;
  /** What one request in flight costs without any harness: a round trip per request instead of a stream. */
  readonly pingPongVsBatch: number;
}

/** Passes every call through, keeping each call and the request line the driver wrote for it. */
export function recording(driver: Driver, calls: OperationCall[], lines: string[]): Driver {
  return withSend(driver, async (call, options) => {
    const exchange = await driver.send(call, options);
    calls.push(structuredClone(call));
    lines.push(JSON.stringify(exchange.request));
    return exchange;
  });
}

/** The recorded calls through the driver alone, all at once: serialization, the wire, parsing and validating. */
async function driverOnly(driver: Driver, calls: readonly OperationCall[]): Promise<void> {
  await Promise.all(calls.map((call) => driver.send(call)));
}

/** A `prunecheck run --level strict` over every applicable property; returns the requests it made. */
async function conformanceRun(driver: Driver, options: StdioOptions): Promise<number> {
  let requests = 0;
  const applicable = PROPERTIES.filter((property) => appliesTo(property, "strict", driver.capabilities));
  const observer = { sent: () => requests++, ran: () => {}, settled: () => {} };
  for await (const result of checkTogether(driver, applicable, { level: "strict", numRuns: options.runs, seed: options.seed, observer })) {
    if (result.status !== "passed") throw new Error(`${driver.name} failed ${result.property} (${result.status}); the benchmark needs a conforming adapter`);
  }
  return requests;
}

/** A bare adapter process and a way to pipe lines through it, handshake already done. */
export async function rawAdapter(command: string) {
  const child = spawn(command, { shell: true, stdio: ["pipe", "pipe", "ignore"] });
  let onLine: (line: string) => void = () => {};
  let onExit: (error: Error) => void = () => {};
  child.on("exit", (code) => onExit(new Error(`${command} exited (code ${code}) before answering every line`)));
  const reader = new LineReader({ maxLineBytes: Number.MAX_SAFE_INTEGER, onLine: (line) => onLine(line), onOverflow: () => {}, onInvalidUtf8: () => {} });
  child.stdout.on("data", (chunk: Buffer) => reader.write(chunk));
  const nextLines = (count: number, write: () => void, eachLine: (seen: number) => void = () => {}) =>
    new Promise<void>((resolve, reject) => {
      onExit = reject;
      let seen = 0;
      onLine = () => {
        seen++;
        if (seen === count) resolve();
        else eachLine(seen);
      };
      write();
    });
  await nextLines(1, () => child.stdin.write(`${JSON.stringify({ id: 0, op: "hello", protocol: 1 })}\n`));
  return {
    /** Every line in one write; resolves when the last answer is in. */
    batch: (lines: readonly string[]) => nextLines(lines.length, () => child.stdin.write(`${lines.join("\n")}\n`)),
    /** The next line only once the last one is answered, as the protocol has the harness do. */
    pingPong: (lines: readonly string[]) =>
      nextLines(
        lines.length,
        () => child.stdin.write(`${lines[0]}\n`),
        (seen) => child.stdin.write(`${lines[seen]}\n`),
      ),
    async close() {
      child.stdin.end();
      await once(child, "exit");
    },
  };
}

export async function benchStdio(options: StdioOptions, command = PYTHON_ADAPTER): Promise<StdioResult> {
  const calls: OperationCall[] = [];
  const lines: string[] = [];
  const driver = await openStdioDriver({ command });
  const requests = await conformanceRun(recording(driver, calls, lines), options);
  const raw = await rawAdapter(command);
  const sameRun = (run: () => Promise<number>) => async () => {
    const again = await run();
    if (again !== requests) throw new Error(`a repeated conformance run made ${again} requests, not ${requests}; this is a bug in the benchmark`);
  };
  const variants = {
    conformance: sameRun(() => conformanceRun(driver, options)),
    driver: () => driverOnly(driver, calls),
    pingPong: () => raw.pingPong(lines),
    batch: () => raw.batch(lines),
  };
  for (const variant of Object.values(variants)) await variant();
  const times = await interleave(variants, options.rounds, "wall");
  await Promise.all([driver.close(), raw.close()]);
  const rate = (ms: number[]) => (requests / median(ms)) * 1000;
  return {
    command,
    properties: PROPERTIES.filter((property) => appliesTo(property, "strict", driver.capabilities)).length,
    requests,
    requestsPerSecond: rate(times.conformance),
    driverRequestsPerSecond: rate(times.driver),
    pingPongRequestsPerSecond: rate(times.pingPong),
    batchRequestsPerSecond: rate(times.batch),
    overheadVsBatch: pairedRatio(times.conformance, times.batch),
    conformanceVsDriver: pairedRatio(times.conformance, times.driver),
    driverVsBatch: pairedRatio(times.driver, times.batch),
    pingPongVsBatch: pairedRatio(times.pingPong, times.batch),
  };
}
