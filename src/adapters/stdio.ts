import { AdapterFault } from "../errors/adapter-fault.ts";
import type { AdapterFaultCode } from "../errors/adapter-fault.ts";
import { PROTOCOL_VERSION } from "../wire/index.ts";
import type { Capability, OperationCall, OperationRequest, Outcome, Request } from "../wire/index.ts";
import { AdapterProcess } from "./adapter-process.ts";
import type { SpawnOptions } from "./adapter-process.ts";
import type { Driver, Exchange } from "./driver.ts";
import { readHello, readResponse, readStray } from "./responses.ts";
import type { Hello } from "./responses.ts";
import { StderrTail } from "./stderr-tail.ts";
import { TransportFailure } from "./transport-failure.ts";

export interface StdioDriverOptions {
  /** A shell command line; it runs with `/bin/sh -c` (or cmd.exe), in its own process group. */
  readonly command: string;
  readonly cwd?: string;
  /** Per request. Default 5000. */
  readonly timeoutMs?: number;
  /** For hello, which includes starting the runtime. Default the larger of timeoutMs and 10 s. */
  readonly handshakeTimeoutMs?: number;
  /** The adapter's whole environment, as with child_process.spawn. Default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Aborting it kills the adapter at once, hung or not: during the handshake (which then rejects) or
   * later, as close() does. For Ctrl-C, which never reaches an adapter in its own process group.
   */
  readonly signal?: AbortSignal;
}

/** Long enough for a well-behaved adapter to flush and exit, short enough not to slow a run down. */
const SHUTDOWN_GRACE_MS = 500;
type Failure = { readonly code: AdapterFaultCode; readonly detail: string; readonly cause?: unknown };
type Answer = { readonly ok: true; readonly value: Outcome } | ({ readonly ok: false } & Failure);

const HELLO = Object.freeze({ id: 0, op: "hello", protocol: PROTOCOL_VERSION }) satisfies Request;

/**
 * Starts an adapter and shakes hands with it. Rejects with an AdapterFault (code `spawn` or
 * `handshake`) when the adapter cannot be started or does not answer hello properly.
 */
export async function openStdioDriver(options: StdioDriverOptions): Promise<Driver> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const settings: Settings = {
    spawn: { command: options.command, cwd: options.cwd, env: options.env },
    timeoutMs,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? Math.max(timeoutMs, 10_000),
  };
  const stderr = new StderrTail();
  const process = spawnAdapter(settings, stderr);
  const stopHandshake = onAbort(options.signal, () => void process.terminate());
  let hello: Hello;
  try {
    hello = await handshake(process, settings, stderr);
  } finally {
    stopHandshake();
  }
  return new StdioDriver(settings, stderr, process, hello, options.signal);
}

/** Runs `action` once the signal aborts (now, if it already has); returns the way to cancel that. */
function onAbort(signal: AbortSignal | undefined, action: () => void): () => void {
  if (signal === undefined) return () => {};
  if (signal.aborted) {
    action();
    return () => {};
  }
  signal.addEventListener("abort", action, { once: true });
  return () => signal.removeEventListener("abort", action);
}

interface Settings {
  readonly spawn: SpawnOptions;
  readonly timeoutMs: number;
  readonly handshakeTimeoutMs: number;
}

/**
 * After any fault the stream can no longer be trusted to pair answers with requests, so the process is
 * killed and the next send starts a fresh one: shrinking goes on against a clean adapter.
 */
class StdioDriver implements Driver {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  /** A request reaches the adapter only as a JSON line. */
  readonly isolatesInputs = true;
  #process: AdapterProcess | null;
  #busy = false;
  #nextId = 1;
  #queue: Promise<unknown> = Promise.resolve();
  #closing: Promise<void> | null = null;
  #unlinkSignal: () => void = () => {};

  constructor(
    private readonly settings: Settings,
    private readonly stderr: StderrTail,
    process: AdapterProcess,
    hello: Hello,
    signal: AbortSignal | undefined,
  ) {
    this.#process = process;
    this.name = hello.name;
    this.capabilities = hello.capabilities;
    this.#unlinkSignal = onAbort(signal, () => void this.close());
  }

  send(call: OperationCall): Promise<Exchange> {
    // One request in flight at a time: the protocol pairs answers with requests by order.
    const exchange = this.#queue.then(() => this.#exchange(call));
    this.#queue = exchange.catch(() => {});
    return exchange;
  }

  stderrTail(): string {
    return this.stderr.toString();
  }

  close(): Promise<void> {
    this.#unlinkSignal();
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #exchange(call: OperationCall): Promise<Exchange> {
    if (this.#closing) throw closedError();
    this.#busy = true;
    try {
      const process = this.#process ?? (await this.#restart());
      const request = { id: this.#nextId++, ...call } as OperationRequest;
      const reading = await this.#ask(process, request);
      if (reading.ok) return { request, outcome: reading.value };
      if (this.#process === process) this.#process = null;
      await process.terminate();
      if (this.#closing) throw closedError(request);
      throw new AdapterFault(reading.code, request, reading.detail, this.stderr.toString(), { cause: reading.cause });
    } finally {
      this.#busy = false;
    }
  }

  async #ask(process: AdapterProcess, request: OperationRequest): Promise<Answer> {
    const stray = process.takeStray();
    if (stray !== undefined) return readStray(stray, request);
    const line = JSON.stringify(request);
    try {
      return readResponse(await process.exchange(line, this.settings.timeoutMs), request);
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      return { ok: false, code: error.code, detail: error.detail, cause: error.cause };
    }
  }

  async #restart(): Promise<AdapterProcess> {
    const process = spawnAdapter(this.settings, this.stderr);
    this.#process = process;
    try {
      await handshake(process, this.settings, this.stderr);
    } catch (error) {
      if (this.#process === process) this.#process = null;
      throw this.#closing ? closedError() : error;
    }
    if (this.#closing) throw closedError();
    return process;
  }

  async #shutdown(): Promise<void> {
    const process = this.#process;
    this.#process = null;
    if (process === null) return;
    // A busy adapter may be hung; asking it to shut down would only wait out the grace period.
    if (this.#busy) await process.terminate();
    else await process.shutdown(JSON.stringify({ id: this.#nextId++, op: "shutdown" } satisfies Request), SHUTDOWN_GRACE_MS);
  }
}

function spawnAdapter(settings: Settings, stderr: StderrTail): AdapterProcess {
  try {
    return new AdapterProcess(settings.spawn, stderr);
  } catch (error) {
    // spawn throws synchronously only for arguments it cannot use at all, e.g. a NUL byte in the command.
    throw new AdapterFault("spawn", HELLO, `could not start ${JSON.stringify(settings.spawn.command)}: ${(error as Error).message}`, stderr.toString(), { cause: error });
  }
}

async function handshake(process: AdapterProcess, settings: Settings, stderr: StderrTail): Promise<Hello> {
  let failure: Failure;
  try {
    const reading = readHello(await process.exchange(JSON.stringify(HELLO), settings.handshakeTimeoutMs));
    if (reading.ok) return reading.value;
    failure = { code: "handshake", detail: reading.detail };
  } catch (error) {
    if (!(error instanceof TransportFailure)) {
      await process.terminate();
      throw error;
    }
    failure = error.code === "spawn" ? error : { code: "handshake", detail: `hello: ${error.detail}`, cause: error.cause };
  }
  await process.terminate();
  throw new AdapterFault(failure.code, HELLO, failure.detail, stderr.toString(), { cause: failure.cause });
}

function closedError(request?: OperationRequest): Error {
  const what = request ? `request ${request.id} was abandoned` : "no request can be sent";
  return new Error(`the stdio driver was closed, so ${what}; open a new driver with openStdioDriver`);
}
