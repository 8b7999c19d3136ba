import { spawn } from "node:child_process";
import type { ChildProcessByStdio } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import type { Readable, Writable } from "node:stream";
import { WIRE_LIMITS } from "../wire/limits.ts";
import { LineReader } from "./line-reader.ts";
import { ADAPTER_TAG, killTagged, newTag, threadTagPrefix } from "./process-tag.ts";
import type { StderrTail } from "./stderr-tail.ts";
import { exitFailure, invalidUtf8Failure, spawnFailure, TransportFailure } from "./transport-failure.ts";
import type { Exit } from "./transport-failure.ts";
import { unwatch, watch } from "./watchdog.ts";

/** After an exit, how long the last stdout and stderr bytes may take to arrive before the request fails. */
const DRAIN_GRACE_MS = 250;
/** After SIGKILL, how long the adapter's own process may take to be reaped (the kernel's business, not its). */
export const KILL_GRACE_MS = 1000;

export interface SpawnOptions {
  readonly command: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** A line that came back, and how long the adapter took over it, counted as its timeout is. */
export interface Answered {
  readonly line: string;
  readonly ms: number;
}

type Result = { readonly line: string } | { readonly failure: TransportFailure };

interface Pending {
  readonly timeoutMs: number;
  /** Runs only while this line is the oldest unanswered one: the time the adapter spends on it. */
  timer: NodeJS.Timeout | null;
  /** When the timer started. */
  started: number;
  done(result: Result): void;
}

/** Killed when the harness exits, since detached adapters would otherwise outlive it (see also watchdog.ts). */
const running = new Set<AdapterProcess>();
let exitHookInstalled = false;

/**
 * One adapter process: writes lines and pairs each with the next stdout line, in order, and can always be
 * killed. Knows nothing of the protocol beyond "one line out, one line back, in order". Several lines may
 * be pending at once (a pipelining adapter): lines written in the same turn of the event loop go out in
 * one write, and each line's timeout runs from the moment every earlier one is answered.
 */
export class AdapterProcess {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #command: string;
  /** ADAPTER_TAG's value in this adapter's environment: how its descendants are found once they leave the group. */
  readonly #tag = newTag();
  readonly #cwd: string | undefined;
  readonly #exited: Promise<void>;
  readonly #closed: Promise<void>;
  /** Oldest first: the first is the line the adapter is working on. */
  readonly #pending: Pending[] = [];
  #outbox: string[] = [];
  /** The first line that arrived while nothing was pending: proof that the stream is out of step. */
  #stray: string | undefined;
  /** The first line that could not be read at all (overlong, not UTF-8) while nothing was pending. */
  #unreadable: TransportFailure | null = null;
  #exit: Exit | null = null;
  #spawnError: Error | null = null;
  #stdoutEnded = false;
  #linesSeen = 0;
  #killed = false;
  #reaped = false;

  constructor(options: SpawnOptions, stderr: StderrTail) {
    // detached: the adapter leads its own process group, so one kill(-pid) also reaches whatever the
    // shell started.
    const child = spawn(options.command, {
      shell: true,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      cwd: options.cwd,
      env: { ...(options.env ?? process.env), [ADAPTER_TAG]: this.#tag },
    });
    this.#child = child;
    this.#command = options.command;
    this.#cwd = options.cwd;
    let markExited = (): void => {};
    let markClosed = (): void => {};
    this.#exited = new Promise((resolve) => (markExited = resolve));
    this.#closed = new Promise((resolve) => (markClosed = resolve));

    const lines = new LineReader({
      maxLineBytes: WIRE_LIMITS.lineBytes,
      onLine: (line) => this.#onLine(line),
      onOverflow: () => this.#onUnreadable(new TransportFailure("not_json", `a stdout line grew past ${WIRE_LIMITS.lineBytes} bytes without a newline`)),
      onInvalidUtf8: (line, offset) => this.#onUnreadable(invalidUtf8Failure(line, offset)),
    });
    child.stdout.on("data", (chunk: Buffer) => lines.write(chunk));
    child.stdout.on("end", () => {
      lines.end();
      this.#stdoutEnded = true;
      this.#failPendingSoon();
    });
    // stderr is always read, so an adapter that logs a lot never blocks on a full pipe.
    const decoder = new StringDecoder("utf8");
    const tail = stderr.source();
    child.stderr.on("data", (chunk: Buffer) => tail.write(decoder.write(chunk)));
    // close as well as end: a stream destroyed before its end (a grandchild held it open) still hands over its last line.
    child.stderr.on("end", () => tail.write(decoder.end()));
    child.stderr.on("close", () => tail.end());
    // EPIPE and the like: the exit and close events tell the story, a stream error adds nothing.
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on("error", () => {});
    child.on("error", (error) => {
      if (child.pid !== undefined) return;
      this.#spawnError = error;
      markExited();
      markClosed();
      this.#failAll(this.#spawnFailure(error));
    });
    child.on("exit", (code, signal) => {
      this.#exit = { code, signal };
      // What the adapter leaves behind is garbage, and may hold the pipes open: it goes with the adapter.
      this.#reap();
      markExited();
      this.#failPendingSoon();
    });
    child.on("close", () => markClosed());
    AdapterProcess.#track(this);
    if (child.pid !== undefined) watch(child.pid);
  }

  /**
   * Writes one line and resolves with the stdout line that answers it: the first one after the answers to
   * the lines written before it. Every failure is a TransportFailure.
   */
  exchange(line: string, timeoutMs: number): Promise<Answered> {
    const early = this.#spawnError
      ? this.#spawnFailure(this.#spawnError)
      : (this.#unreadable ?? (this.#exit || this.#stdoutEnded ? this.#exitFailure(" before the request was written") : null));
    if (early) return Promise.reject(early);
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        timeoutMs,
        timer: null,
        started: 0,
        done(result) {
          if ("line" in result) resolve({ line: result.line, ms: performance.now() - pending.started });
          else reject(result.failure);
        },
      };
      this.#pending.push(pending);
      if (this.#pending.length === 1) this.#startClock(pending);
      this.#write(`${line}\n`);
    });
  }

  /** The first line written while nothing was pending, if any; taking it clears it. */
  takeStray(): string | undefined {
    const stray = this.#stray;
    this.#stray = undefined;
    return stray;
  }

  /** Asks politely (one last line, then end of stdin), waits at most graceMs, then kills. */
  async shutdown(line: string, graceMs: number): Promise<void> {
    if (this.#exit === null && this.#spawnError === null && this.#child.stdin.writable) {
      this.#child.stdin.end(`${line}\n`);
      await within(this.#exited, graceMs);
    }
    await this.terminate();
  }

  /**
   * SIGKILLs the whole process group and every process carrying the adapter's tag, even after a clean
   * exit, so nothing the adapter started survives.
   */
  async terminate(): Promise<void> {
    this.#kill();
    await within(this.#exited, KILL_GRACE_MS);
    // Every process that could hold the pipes is dead, so they close as soon as the last bytes are read;
    // only one that left both the group and the tag behind keeps them open, and waiting would not help.
    await within(this.#closed, DRAIN_GRACE_MS);
    for (const stream of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) stream.destroy();
    running.delete(this);
    if (this.#child.pid !== undefined) unwatch(this.#child.pid);
    this.#failAll(this.#exitFailure(""));
  }

  static #track(process: AdapterProcess): void {
    running.add(process);
    if (exitHookInstalled) return;
    exitHookInstalled = true;
    globalThis.process.on("exit", () => {
      for (const adapter of running) adapter.#killGroup();
      killTagged(threadTagPrefix());
    });
  }

  /** Our own kill: from now on the adapter "was stopped by the harness". */
  #kill(): void {
    this.#killed = true;
    this.#reap();
  }

  #reap(): void {
    if (this.#reaped) return;
    this.#reaped = true;
    this.#killGroup();
    killTagged(this.#tag);
  }

  #killGroup(): void {
    const pid = this.#child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // The group is gone (or was never made); the child itself may still be there.
      this.#child.kill("SIGKILL");
    }
  }

  #onLine(line: string): void {
    this.#linesSeen += 1;
    const head = this.#pending[0];
    if (head) this.#settleHead(head, { line });
    else this.#stray ??= line;
  }

  #onUnreadable(failure: TransportFailure): void {
    const head = this.#pending[0];
    if (head) this.#settleHead(head, { failure });
    else this.#unreadable ??= failure;
  }

  /** Exit and end of stdout can overtake the answers' last bytes, so give the pipes a moment to drain. */
  #failPendingSoon(): void {
    if (this.#pending.length === 0) return;
    void within(this.#closed, DRAIN_GRACE_MS).then(() => this.#failAll(this.#exitFailure("")));
  }

  #startClock(pending: Pending): void {
    pending.started = performance.now();
    pending.timer = setTimeout(() => {
      this.#settleHead(pending, { failure: new TransportFailure("timeout", `no answer within ${pending.timeoutMs} ms`) });
    }, pending.timeoutMs);
  }

  /** Answers the oldest pending line (if it still is `pending`) and starts the next one's clock. */
  #settleHead(pending: Pending, result: Result): void {
    if (this.#pending[0] !== pending) return;
    this.#pending.shift();
    if (pending.timer !== null) clearTimeout(pending.timer);
    const next = this.#pending[0];
    if (next) this.#startClock(next);
    pending.done(result);
  }

  /** Every pending line fails, oldest first, so whoever reads the failures can tell the first apart. */
  #failAll(failure: TransportFailure): void {
    for (let head = this.#pending[0]; head; head = this.#pending[0]) this.#settleHead(head, { failure });
  }

  /**
   * Lines written in one turn of the event loop go out as one write: one system call, one wake-up. Corked,
   * so the stream hands them to one writev as they are: joining them first copied every byte of a run's
   * requests once more (a default run sends hundreds of megabytes; the join was 7% of the harness's time).
   */
  #write(text: string): void {
    this.#outbox.push(text);
    if (this.#outbox.length > 1) return;
    setImmediate(() => {
      const batch = this.#outbox;
      this.#outbox = [];
      const stdin = this.#child.stdin;
      stdin.cork();
      for (const line of batch) stdin.write(line);
      stdin.uncork();
    });
  }

  #spawnFailure(error: Error): TransportFailure {
    return spawnFailure(this.#command, this.#cwd, error);
  }

  #exitFailure(suffix: string): TransportFailure {
    return exitFailure({ exit: this.#exit, killed: this.#killed, spoke: this.#linesSeen > 0 }, suffix);
  }
}

function within(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
