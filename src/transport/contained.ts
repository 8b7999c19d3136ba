import { Worker } from "node:worker_threads";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { HarnessError } from "../errors/harness.ts";
import { InputError } from "../errors/input.ts";
import { capText } from "../errors/cap-text.ts";
import { reviveError, type SerializedError } from "../errors/serialized.ts";
import type { Capability, OperationCall, OperationRequest } from "../wire/protocol.ts";
import type { Driver, Exchange, SendOptions, Timing } from "./driver.ts";
import { moduleEntry } from "../runtime/module-entry.ts";
import { startTimeoutMs } from "./stdio.ts";

/** A call to the pruner's thread. */
export interface ContainedCall {
  readonly call: OperationCall;
  readonly options: SendOptions;
}

/** What the pruner's thread says: it is ready, an answer, a fault of the pruner's, or it could not start. */
export type ContainedEvent =
  | { readonly type: "ready"; readonly name: string; readonly capabilities: readonly Capability[] }
  | { readonly type: "answer"; readonly exchange: Exchange }
  | { readonly type: "fault"; readonly error: SerializedError }
  | { readonly type: "fatal"; readonly error: SerializedError };

export interface ContainedOptions {
  /** Per request; a pruner that takes longer is stopped, and that is a `timeout` finding. */
  readonly timeoutMs: number;
  /** Aborting it stops the pruner's thread at once, whatever it is doing. */
  readonly signal?: AbortSignal;
}

/**
 * An in-process pruner module (`--impl`), contained like an adapter process (issue 33): it runs in a worker
 * thread of its own, so a pruner that spins for ever is stopped at its timeout (a `timeout` finding naming
 * the request, as for an adapter) and Ctrl-C always works, while it still sees plain objects, calls the
 * harness's model and is judged exactly as in one thread. After a timeout the thread is stopped and the next
 * request goes to a fresh one, so shrinking goes on.
 */
export async function openContainedDriver(modulePath: string, options: ContainedOptions): Promise<Driver> {
  const first = await Thread.start(modulePath, options);
  return new ContainedDriver(modulePath, first, options);
}

const ENTRY = moduleEntry(import.meta.url, "pruner-thread");

/** How a request to the thread ended: its event, an error of the thread, or the thread gone (process.exit in the pruner). */
type Settled = ContainedEvent | Error | { readonly type: "exited"; readonly code: number };

/** One pruner thread, started and ready, and the answer it owes, if any. */
class Thread {
  #pending: ((event: Settled) => void) | null = null;

  private constructor(
    readonly worker: Worker,
    readonly name: string,
    readonly capabilities: readonly Capability[],
  ) {
    worker.on("message", (event: ContainedEvent) => this.#settle(event));
    worker.on("error", (error) => this.#settle(error));
    worker.on("exit", (code) => this.#settle({ type: "exited", code }));
  }

  /**
   * A thread with the module loaded. Loading runs the module's top level, which is the user's code: it gets
   * the time an adapter gets for hello (startTimeoutMs), and a stop (the signal) ends it at once, so a module
   * that loops or awaits for ever at load is an error naming it, never a hang (issue 45).
   */
  static async start(modulePath: string, limits: ContainedOptions): Promise<Thread> {
    const worker = new Worker(ENTRY, { workerData: modulePath });
    const waitMs = startTimeoutMs(limits.timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    let unlink = () => {};
    const event = await new Promise<ContainedEvent | Error | "timeout" | "stopped">((resolve) => {
      worker.once("message", resolve);
      worker.once("error", resolve);
      // A top-level await that can never settle ends the thread when nothing else is left to run (code 13).
      worker.once("exit", (code) =>
        resolve(
          new InputError(
            "invalid_module",
            `--impl ${modulePath}: its thread exited (code ${code}) while the module loaded${code === 13 ? ": a top-level await in it never settled" : ""}`,
            "Its top level runs when prunecheck loads it: it must finish (every await settled) before the pruner is exported.",
          ),
        ),
      );
      timer = setTimeout(() => resolve("timeout"), waitMs);
      const stop = () => resolve("stopped");
      if (limits.signal?.aborted === true) stop();
      limits.signal?.addEventListener("abort", stop, { once: true });
      unlink = () => limits.signal?.removeEventListener("abort", stop);
    });
    clearTimeout(timer);
    unlink();
    if (event === "timeout" || event === "stopped" || event instanceof Error || event.type !== "ready") {
      await worker.terminate();
      if (event === "timeout")
        throw new InputError(
          "invalid_module",
          `--impl ${modulePath}: the module did not finish loading within ${waitMs} ms, so its thread was stopped`,
          "Its top level runs when prunecheck loads it: a loop or an await that never ends there holds the load. Move such work into the pruner's functions, or raise --timeout-ms if loading is only slow.",
        );
      if (event === "stopped") throw new HarnessError("driver_closed", `stopped while ${modulePath} was loading`);
      if (event instanceof Error) throw event;
      throw event.type === "fatal" || event.type === "fault"
        ? reviveError(event.error, "the pruner's thread")
        : new HarnessError("worker_failed", "the pruner's thread answered before it was ready");
    }
    return new Thread(worker, event.name, event.capabilities);
  }

  ask(message: ContainedCall): Promise<Settled> {
    return new Promise((resolve) => {
      this.#pending = resolve;
      this.worker.postMessage(message);
    });
  }

  #settle(event: Settled): void {
    const pending = this.#pending;
    this.#pending = null;
    pending?.(event);
  }
}

class ContainedDriver implements Driver {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  /** A call reaches the pruner only as a structured clone. */
  readonly isolatesInputs = true;
  #thread: Thread | null;
  /**
   * Once a timeout has stopped one thread, the next is started ahead, so a restart waits for nothing: a
   * shrinking hang restarts once per candidate, and starting a thread (tsx, the module) costs about 0.3 s.
   * Settles to null when that start failed; the restart then tries again and reports its own error.
   */
  #spare: Promise<Thread | null> | null = null;
  #nextId = 1;
  #queue: Promise<unknown> = Promise.resolve();
  #slowestAnswerMs = 0;
  #closed = false;
  readonly #unlink: () => void;

  constructor(
    private readonly modulePath: string,
    thread: Thread,
    private readonly options: ContainedOptions,
  ) {
    this.#thread = thread;
    this.name = thread.name;
    this.capabilities = thread.capabilities;
    const stop = () => void this.close();
    options.signal?.addEventListener("abort", stop, { once: true });
    this.#unlink = () => options.signal?.removeEventListener("abort", stop);
  }

  /** One request at a time: a request's timeout runs from when the pruner's thread starts on it. */
  send(call: OperationCall, options: SendOptions = {}): Promise<Exchange> {
    const request = { id: this.#nextId++, ...call } as OperationRequest;
    const next = this.#queue.then(() => this.#send(request, call, options));
    this.#queue = next.catch(() => {});
    return next;
  }

  async #send(request: OperationRequest, call: OperationCall, options: SendOptions): Promise<Exchange> {
    if (this.#closed) throw new HarnessError("driver_closed", `the pruner's thread was stopped, so request ${request.id} was abandoned`);
    const thread = (this.#thread ??= await this.#restart());
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
    const { timeoutMs: _timeout, ...passed } = options;
    const event = await Promise.race([thread.ask({ call, options: passed }), timeout]);
    clearTimeout(timer);
    if (this.#closed) throw new HarnessError("driver_closed", `the pruner's thread was stopped, so request ${request.id} was abandoned`);
    if (event === "timeout" || event instanceof Error || event.type === "exited") {
      this.#thread = null;
      await thread.worker.terminate();
      if (event === "timeout")
        throw new AdapterFault("timeout", request, `${request.op} request ${request.id}: no answer within ${timeoutMs} ms, so the pruner's thread was stopped`);
      // The pruner's own doing (process.exit in it, an exception thrown where nothing awaited it), so a finding
      // against it, as an adapter's exit is: the thread runs nothing of prunecheck's that does not catch.
      const how =
        event instanceof Error
          ? `died of an uncaught ${event.name}: ${capText(event.message)}`
          : `exited (code ${event.code}): something in the pruner called process.exit or ended its thread`;
      throw new AdapterFault("crash", request, `${request.op} request ${request.id}: the pruner's thread ${how}, before it answered`, "", { cause: event });
    }
    if (event.type === "answer") {
      this.#slowestAnswerMs = Math.max(this.#slowestAnswerMs, performance.now() - started);
      // The request as the pruner left it (inputs-immutable compares it), under this driver's id.
      return { ...event.exchange, request: { ...event.exchange.request, id: request.id } };
    }
    if (event.type === "fault" || event.type === "fatal") throw reviveError(event.error, "the pruner's thread", request);
    throw new HarnessError("worker_failed", "the pruner's thread said it was ready twice");
  }

  async #restart(): Promise<Thread> {
    const spare = await this.#spare;
    this.#spare = Thread.start(this.modulePath, this.options).catch(() => null);
    return spare ?? Thread.start(this.modulePath, this.options);
  }

  timing(): Timing {
    return { timeoutMs: this.options.timeoutMs, slowestAnswerMs: this.#slowestAnswerMs };
  }

  stderrTail(): string {
    return "";
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#unlink();
    const thread = this.#thread;
    this.#thread = null;
    const spare = await this.#spare;
    await Promise.all([thread?.worker.terminate(), spare?.worker.terminate()]);
  }
}
