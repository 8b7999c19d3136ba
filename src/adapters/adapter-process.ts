import { spawn } from "node:child_process";
import type { ChildProcessByStdio } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import type { Readable, Writable } from "node:stream";
import { LineReader } from "./line-reader.ts";
import type { StderrTail } from "./stderr-tail.ts";
import { exitFailure, spawnFailure, TransportFailure } from "./transport-failure.ts";
import type { Exit } from "./transport-failure.ts";

/** Far above any window the harness sends, far below what would exhaust memory. */
const MAX_LINE_LENGTH = 64 * 1024 * 1024;
/** After an exit, how long the last stdout and stderr bytes may take to arrive before the request fails. */
const DRAIN_GRACE_MS = 250;
/** After SIGKILL, how long to wait for the pipes to close; only a process that left its group takes longer. */
const KILL_GRACE_MS = 1000;

export interface SpawnOptions {
  readonly command: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

type Result = { readonly line: string } | { readonly failure: TransportFailure };

interface Pending {
  done(result: Result): void;
}

/** Killed when the harness exits, since detached adapters would otherwise outlive it. */
const running = new Set<AdapterProcess>();
let exitHookInstalled = false;

/**
 * One adapter process: writes a line, pairs it with the next stdout line, and can always be killed.
 * Knows nothing of the protocol beyond "one line out, one line back".
 */
export class AdapterProcess {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #command: string;
  readonly #cwd: string | undefined;
  readonly #exited: Promise<void>;
  readonly #closed: Promise<void>;
  #pending: Pending | null = null;
  /** The first line that arrived while nothing was pending: proof that the stream is out of step. */
  #stray: string | undefined;
  #overflow: TransportFailure | null = null;
  #exit: Exit | null = null;
  #spawnError: Error | null = null;
  #stdoutEnded = false;
  #linesSeen = 0;
  #killed = false;

  constructor(options: SpawnOptions, stderr: StderrTail) {
    // detached: the adapter leads its own process group, so one kill(-pid) also reaches whatever the
    // shell started.
    const child = spawn(options.command, {
      shell: true,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      cwd: options.cwd,
      env: options.env,
    });
    this.#child = child;
    this.#command = options.command;
    this.#cwd = options.cwd;
    let markExited = (): void => {};
    let markClosed = (): void => {};
    this.#exited = new Promise((resolve) => (markExited = resolve));
    this.#closed = new Promise((resolve) => (markClosed = resolve));

    const lines = new LineReader({
      maxLineLength: MAX_LINE_LENGTH,
      onLine: (line) => this.#onLine(line),
      onOverflow: () => this.#onOverflow(),
    });
    child.stdout.on("data", (chunk: Buffer) => lines.write(chunk));
    child.stdout.on("end", () => {
      lines.end();
      this.#stdoutEnded = true;
      this.#failPendingSoon();
    });
    // stderr is always read, so an adapter that logs a lot never blocks on a full pipe.
    const decoder = new StringDecoder("utf8");
    child.stderr.on("data", (chunk: Buffer) => stderr.append(decoder.write(chunk)));
    child.stderr.on("end", () => stderr.append(decoder.end()));
    // EPIPE and the like: the exit and close events tell the story, a stream error adds nothing.
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on("error", () => {});
    child.on("error", (error) => {
      if (child.pid !== undefined) return;
      this.#spawnError = error;
      markExited();
      markClosed();
      if (this.#pending) this.#settle(this.#pending, { failure: this.#spawnFailure(error) });
    });
    child.on("exit", (code, signal) => {
      this.#exit = { code, signal };
      markExited();
      this.#failPendingSoon();
    });
    child.on("close", () => markClosed());
    AdapterProcess.#track(this);
  }

  /** Writes one line and resolves with the next line the adapter writes; every failure is a TransportFailure. */
  exchange(line: string, timeoutMs: number): Promise<string> {
    if (this.#pending) {
      return Promise.reject(new Error("AdapterProcess.exchange called while a line is pending; this is a bug in prunecheck"));
    }
    const early = this.#spawnError
      ? this.#spawnFailure(this.#spawnError)
      : (this.#overflow ?? (this.#exit || this.#stdoutEnded ? this.#exitFailure(" before the request was written") : null));
    if (early) return Promise.reject(early);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#settle(pending, { failure: new TransportFailure("timeout", `no answer within ${timeoutMs} ms`) });
      }, timeoutMs);
      const pending: Pending = {
        done(result) {
          clearTimeout(timer);
          if ("line" in result) resolve(result.line);
          else reject(result.failure);
        },
      };
      this.#pending = pending;
      this.#child.stdin.write(`${line}\n`);
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

  /** SIGKILLs the whole process group, even after a clean exit, so nothing the adapter started survives. */
  async terminate(): Promise<void> {
    this.#kill();
    await within(this.#closed, KILL_GRACE_MS);
    // A process that escaped the group may still hold the pipes; stop listening so it cannot keep us alive.
    for (const stream of [this.#child.stdin, this.#child.stdout, this.#child.stderr]) stream.destroy();
    running.delete(this);
    if (this.#pending) this.#settle(this.#pending, { failure: this.#exitFailure("") });
  }

  static #track(process: AdapterProcess): void {
    running.add(process);
    if (exitHookInstalled) return;
    exitHookInstalled = true;
    globalThis.process.on("exit", () => {
      for (const adapter of running) adapter.#kill();
    });
  }

  #kill(): void {
    if (this.#killed) return;
    this.#killed = true;
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
    if (this.#pending) this.#settle(this.#pending, { line });
    else this.#stray ??= line;
  }

  #onOverflow(): void {
    const failure = new TransportFailure("not_json", `a stdout line grew past ${MAX_LINE_LENGTH} characters without a newline`);
    if (this.#pending) this.#settle(this.#pending, { failure });
    else this.#overflow ??= failure;
  }

  /** Exit and end of stdout can overtake the answer's last bytes, so give the pipes a moment to drain. */
  #failPendingSoon(): void {
    const pending = this.#pending;
    if (!pending) return;
    void within(this.#closed, DRAIN_GRACE_MS).then(() => this.#settle(pending, { failure: this.#exitFailure("") }));
  }

  #settle(pending: Pending, result: Result): void {
    if (this.#pending !== pending) return;
    this.#pending = null;
    pending.done(result);
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
