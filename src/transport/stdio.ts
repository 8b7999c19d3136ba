import { AdapterFault } from "../errors/adapter-fault.ts";
import type { AdapterFaultCode } from "../errors/adapter-fault.ts";
import { PROTOCOL_VERSION } from "../wire/index.ts";
import type { Capability, OperationCall, OperationRequest, Outcome, Request } from "../wire/index.ts";
import { AdapterProcess } from "./adapter-process.ts";
import type { SpawnOptions } from "./adapter-process.ts";
import type { Driver, Exchange, SendOptions, Timing } from "./driver.ts";
import { readHello, readOutOfTurn, readStray, readTurn } from "./responses.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";
import { scriptedAnswers, type ModelExchange } from "../llm/scripted-model.ts";
import type { ModelAnswerLine } from "../wire/model.ts";
import { WIRE_LIMITS } from "../wire/limits.ts";
import type { Hello } from "./responses.ts";
import { StderrTail } from "./stderr-tail.ts";
import { TransportFailure } from "./transport-failure.ts";
import { HarnessError } from "../errors/harness.ts";

/** How long a request to an adapter may take before it is a timeout fault, unless --timeout-ms says otherwise. */
export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * How long an implementation may take to start: an adapter's hello, which includes starting its runtime, or
 * a module's load (contained.ts). The request timeout, but never under 10 s, since a start imports things.
 */
export function startTimeoutMs(timeoutMs: number): number {
  return Math.max(timeoutMs, 10_000);
}

export interface StdioDriverOptions {
  /** A shell command line; it runs with `/bin/sh -c` (or cmd.exe), in its own process group. */
  readonly command: string;
  readonly cwd?: string;
  /** Per request. Default DEFAULT_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** For hello, which includes starting the runtime. Default the larger of timeoutMs and 10 s. */
  readonly handshakeTimeoutMs?: number;
  /** The adapter's whole environment, as with child_process.spawn. Default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Aborting it kills the adapter at once, hung or not: during the handshake (which then rejects) or
   * later, as close() does. For Ctrl-C, which never reaches an adapter in its own process group.
   */
  readonly signal?: AbortSignal;
}

/** Long enough for a well-behaved adapter to flush and exit, short enough not to slow a run down. */
const SHUTDOWN_GRACE_MS = 500;
/** `line`: what the adapter wrote, when a line it wrote is the fault. */
type Failure = { readonly code: AdapterFaultCode; readonly detail: string; readonly cause?: unknown; readonly line?: string };
type Answer = { readonly ok: true; readonly value: Outcome; readonly model?: readonly ModelExchange[] } | ({ readonly ok: false } & Failure);

const HELLO = Object.freeze({ id: 0, op: "hello", protocol: PROTOCOL_VERSION }) satisfies Request;

/**
 * Starts an adapter and shakes hands with it. Rejects with an AdapterFault (code `spawn` or
 * `handshake`) when the adapter cannot be started or does not answer hello properly.
 */
export async function openStdioDriver(options: StdioDriverOptions): Promise<Driver> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const settings: Settings = {
    spawn: { command: options.command, cwd: options.cwd, env: options.env },
    timeoutMs,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? startTimeoutMs(timeoutMs),
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
 * How many requests a pipelining adapter may hold at once: enough to keep it busy while the harness works
 * on the next ones, few enough that a hung adapter strands little work behind the request it hangs on.
 */
export const PIPELINE_DEPTH = 8;

/** A request waiting to be sent, or sent and waiting for its answer. */
interface Job {
  readonly request: OperationRequest;
  readonly timeoutMs: number;
  /** What the harness's model answers this request's model calls with; absent for an adapter without `model`. */
  readonly model?: readonly ModelAnswerSpec[];
  resolve(exchange: Exchange): void;
  reject(error: unknown): void;
}

/**
 * After any fault the stream can no longer be trusted to pair answers with requests, so the process is
 * killed and the next send starts a fresh one: shrinking goes on against a clean adapter. A fault is the
 * oldest unanswered request's (a pipelining adapter answers in order, so that is the one it was working
 * on); requests written after it are innocent and go to the fresh process unchanged, ids included.
 */
class StdioDriver implements Driver {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  /** A request reaches the adapter only as a JSON line. */
  readonly isolatesInputs = true;
  /** The adapter works in its own process while the harness builds and checks other runs' requests. */
  readonly concurrent = true;
  readonly #maxInFlight: number;
  #process: AdapterProcess | null;
  /** A restart in progress, shared by every request that waits for it. */
  #starting: Promise<AdapterProcess> | null = null;
  /** Processes still shaking hands (a restart, the spare), so close() can kill them mid-handshake. */
  readonly #spawned = new Set<AdapterProcess>();
  /**
   * Once a fault has killed one process, the next is started ahead, so a restart waits for nothing: a
   * shrinking hang restarts once per candidate, and a process start can cost more than a short timeout.
   * Settles to null when that start failed; the restart then tries again and reports its own fault.
   */
  #spare: Promise<AdapterProcess | null> | null = null;
  /** Processes a fault has already been blamed on: whatever else fails there is collateral. */
  readonly #blamed = new WeakSet<AdapterProcess>();
  readonly #waiting: Job[] = [];
  #inFlight = 0;
  #nextId = 1;
  #closing: Promise<void> | null = null;
  #slowestAnswerMs = 0;
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
    // Without pipelining the protocol pairs answers with requests by order alone: one request in flight. An
    // adapter that calls the model reads its answers from stdin, where a request written ahead would stand.
    this.#maxInFlight = hello.pipelining && !this.capabilities.includes("model") ? PIPELINE_DEPTH : 1;
    this.#unlinkSignal = onAbort(signal, () => void this.close());
  }

  send(call: OperationCall, options: SendOptions = {}): Promise<Exchange> {
    if (this.#closing) return Promise.reject(closedError());
    const request = { id: this.#nextId++, ...call } as OperationRequest;
    const timeoutMs = options.timeoutMs ?? this.settings.timeoutMs;
    // The model is the adapter's to call only while it handles summarize or compact ([p-model-call]).
    const model = this.capabilities.includes("model") && (call.op === "summarize" || call.op === "compact") ? (options.model ?? []) : undefined;
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request, timeoutMs, ...(model === undefined ? {} : { model }), resolve, reject });
      this.#pump();
    });
  }

  stderrTail(): string {
    return this.stderr.toString();
  }

  timing(): Timing {
    return { timeoutMs: this.settings.timeoutMs, slowestAnswerMs: this.#slowestAnswerMs };
  }

  close(): Promise<void> {
    this.#unlinkSignal();
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  #pump(): void {
    while (this.#closing === null && this.#inFlight < this.#maxInFlight) {
      const job = this.#waiting.shift();
      if (job === undefined) return;
      this.#inFlight++;
      void this.#dispatch(job).finally(() => {
        this.#inFlight--;
        this.#pump();
      });
    }
  }

  async #dispatch(job: Job): Promise<void> {
    const { request } = job;
    let process: AdapterProcess;
    try {
      process = await this.#ready();
    } catch (error) {
      job.reject(error);
      return;
    }
    if (this.#closing) return job.reject(closedError(request));
    const reading = await this.#ask(process, job);
    if (reading.ok) return job.resolve({ request, outcome: reading.value, ...(reading.model === undefined ? {} : { model: reading.model }) });
    if (this.#blamed.has(process)) {
      // Written after the request that broke the stream: nothing is known against it, so it goes again.
      if (this.#closing) return job.reject(closedError(request));
      this.#waiting.unshift(job);
      return;
    }
    this.#blamed.add(process);
    if (this.#process === process) this.#process = null;
    await process.terminate();
    if (this.#closing) return job.reject(closedError(request));
    job.reject(new AdapterFault(reading.code, request, reading.detail, this.stderr.toString(), { cause: reading.cause, line: reading.line }));
  }

  /**
   * Writes the request and reads what comes back: its answer, after any calls to the harness's model
   * (protocol 1.1), each answered on stdin with its own timeout, at most WIRE_LIMITS.modelCalls of them.
   */
  async #ask(process: AdapterProcess, { request, timeoutMs, model }: Job): Promise<Answer> {
    const stray = process.takeStray();
    if (stray !== undefined) return { ...readStray(stray, request), line: stray };
    const answers = model === undefined ? undefined : scriptedAnswers(model, request.window);
    try {
      let line = JSON.stringify(request);
      for (;;) {
        const answered = await process.exchange(line, timeoutMs);
        this.#slowestAnswerMs = Math.max(this.#slowestAnswerMs, answered.ms);
        const turn = readTurn(answered.line, request, answers !== undefined, this.capabilities.includes("model"));
        if (!turn.ok) return { ...turn, line: answered.line };
        if ("outcome" in turn.value || answers === undefined) {
          // readTurn reads a model call only for an adapter with answers, so this is the request's answer.
          const { outcome } = turn.value as { outcome: Outcome };
          return { ok: true, value: outcome, ...(answers === undefined ? {} : { model: answers.exchanges }) };
        }
        // A line that came before the harness answered this call (the call and the answer in one write, a
        // burst of calls) was written without reading the model_answer: the stream is out of step, a fault
        // at once, where waiting for a line already taken would have been a timeout (issue 45).
        const early = process.takeStray();
        if (early !== undefined) return { ...readOutOfTurn(early, request), line: early };
        if (answers.exchanges.length === WIRE_LIMITS.modelCalls) {
          const detail = `${request.op} request ${request.id} made more than ${WIRE_LIMITS.modelCalls} model calls, the protocol's limit for one request`;
          return { ok: false, code: "limits", detail };
        }
        line = JSON.stringify({ id: request.id, model_answer: answers.answer(turn.value.call) } satisfies ModelAnswerLine);
      }
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      return { ok: false, code: error.code, detail: error.detail, cause: error.cause };
    }
  }

  /** The running process, or a fresh one once its handshake is done (one restart for every caller). */
  #ready(): Promise<AdapterProcess> {
    if (this.#process !== null) return Promise.resolve(this.#process);
    this.#starting ??= this.#restart().finally(() => (this.#starting = null));
    return this.#starting;
  }

  async #restart(): Promise<AdapterProcess> {
    const spare = await this.#spare;
    this.#spare = null;
    const process = spare ?? (await this.#launch());
    if (this.#closing) {
      await process.terminate();
      throw closedError();
    }
    this.#process = process;
    this.#spare = this.#launch().catch(() => null);
    return process;
  }

  /** A fresh process, once its handshake is done. */
  async #launch(): Promise<AdapterProcess> {
    const process = spawnAdapter(this.settings, this.stderr);
    this.#spawned.add(process);
    try {
      await handshake(process, this.settings, this.stderr);
    } catch (error) {
      throw this.#closing ? closedError() : error;
    } finally {
      this.#spawned.delete(process);
    }
    if (this.#closing) {
      await process.terminate();
      throw closedError();
    }
    return process;
  }

  async #shutdown(): Promise<void> {
    for (const job of this.#waiting.splice(0)) job.reject(closedError(job.request));
    await Promise.all([...this.#spawned].map((process) => process.terminate()));
    await (await this.#spare)?.terminate();
    const process = this.#process;
    this.#process = null;
    if (process === null) return;
    // A busy adapter may be hung; asking it to shut down would only wait out the grace period.
    if (this.#inFlight > 0) await process.terminate();
    else await process.shutdown(JSON.stringify({ id: this.#nextId++, op: "shutdown" } satisfies Request), SHUTDOWN_GRACE_MS);
  }
}

function spawnAdapter(settings: Settings, stderr: StderrTail): AdapterProcess {
  try {
    return new AdapterProcess(settings.spawn, stderr);
  } catch (error) {
    // spawn throws synchronously only for arguments it cannot use at all, e.g. a NUL byte in the command.
    throw new AdapterFault("spawn", HELLO, `could not start ${JSON.stringify(settings.spawn.command)}: ${(error as Error).message}`, stderr.toString(), {
      cause: error,
    });
  }
}

async function handshake(process: AdapterProcess, settings: Settings, stderr: StderrTail): Promise<Hello> {
  let failure: Failure;
  try {
    const reading = readHello((await process.exchange(JSON.stringify(HELLO), settings.handshakeTimeoutMs)).line);
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

function closedError(request?: OperationRequest): HarnessError {
  const what = request ? `request ${request.id} was abandoned` : "no request can be sent";
  return new HarnessError("driver_closed", `the stdio driver was closed, so ${what}; open a new driver with openStdioDriver`);
}
