import { spawn } from "node:child_process";
import { constants } from "node:os";
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import type { Readable } from "node:stream";
import type { Io } from "../console/io.ts";
import { InputError } from "../errors/input.ts";
import { checkOutputFile } from "../files/output-paths.ts";
import { tempPathFor } from "../files/write-atomic.ts";
import { WIRE_LIMITS } from "../wire/limits.ts";
import { StdioRecording } from "../trace/record-stdio.ts";
import { LineReader } from "../transport/line-reader.ts";
import { parse } from "./args.ts";
import { createInterface } from "node:readline";
import { loadPruner } from "../engine/target.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import { serveModule } from "../transport/serve-module.ts";
import { renderUsage } from "./help.ts";

/**
 * `prunecheck record --cmd "<adapter>" --trace FILE`: an adapter that is another adapter, recorded. It
 * starts the real one and passes every byte both ways unchanged, writing a trace line per exchange as its
 * answer goes by. Each line is written at once, so a recorder killed mid-run leaves every exchange it saw,
 * at most the last one cut short (which an audit names). Exits as the adapter did.
 */
export async function recordCommand(argv: readonly string[], io: Io): Promise<number> {
  const { values } = parse("record", argv, {
    cmd: { type: "string" },
    impl: { type: "string" },
    trace: { type: "string" },
    conversation: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.line(renderUsage("record"));
    return 0;
  }
  if ((values.cmd === undefined) === (values.impl === undefined) || values.trace === undefined)
    throw new InputError(
      "usage",
      "record needs --cmd (an adapter) or --impl (a TS/JS module), one of them, and --trace (the file to write)",
      'prunecheck record --cmd "python3 adapter.py" --trace run.jsonl, or prunecheck record --impl ./my-pruner.ts --trace run.jsonl',
    );
  if (values.impl !== undefined) return recordModule(values.impl, values.trace, values.conversation, io);
  const command = values.cmd as string;
  const trace = openTrace(values.trace);
  const recording = new StdioRecording((line) => trace.write(line), values.conversation === undefined ? {} : { conversation: values.conversation });
  // Not detached: the adapter stays in the recorder's process group, so whoever stops the recorder stops both.
  const child = spawn(command, { shell: true, stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<number>((resolve) => {
    child.on("error", (error) => {
      io.error(`prunecheck record: cannot start ${JSON.stringify(command)}: ${error.message}`);
      resolve(2);
    });
    child.on("close", (code, signal) => resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal])));
  });
  let overlong = 0;
  const tooLong = () => void overlong++;
  forward(
    process.stdin,
    (chunk) => child.stdin.write(chunk),
    (line) => recording.request(line),
    () => child.stdin.end(),
    tooLong,
  );
  forward(
    child.stdout,
    (chunk) => process.stdout.write(chunk),
    (line) => recording.response(line),
    () => undefined,
    tooLong,
  );
  // The runtime going away (EPIPE on our stdout) must not kill the recorder before the trace is closed.
  child.stdin.on("error", () => undefined);
  process.stdout.on("error", () => undefined);
  const code = await exited;
  recording.end();
  trace.close();
  if (overlong > 0)
    io.error(
      `prunecheck record: ${overlong} line(s) were longer than a protocol line (${WIRE_LIMITS.lineBytes} bytes), so they were forwarded but are not in ${values.trace}`,
    );
  if (recording.unpaired > 0)
    io.error(`prunecheck record: ${recording.unpaired} line(s) could not be paired as a request and its answer, so they are not in ${values.trace}`);
  if (trace.failed !== null) {
    io.error(`prunecheck record: writing ${values.trace} failed (${trace.failed}), so it ends at the last whole exchange before that; the adapter ran on.`);
    return code === 0 ? 2 : code;
  }
  return code;
}

/**
 * `prunecheck record --impl <module> --trace FILE`: the module served over stdio as an adapter serves one
 * (serveModule), each exchange recorded as recordPruner records it in process. Exits 0 at `shutdown` or the
 * end of input, as an adapter does.
 */
async function recordModule(path: string, tracePath: string, conversation: string | undefined, io: Io): Promise<number> {
  const pruner = await loadPruner(path);
  const trace = openTrace(tracePath);
  const recorded = recordPruner(pruner, (line) => trace.write(line), conversation === undefined ? {} : { conversation });
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity })[Symbol.asyncIterator]();
  // The runtime going away (EPIPE on our stdout) must not kill the recorder before the trace is closed.
  process.stdout.on("error", () => undefined);
  await serveModule(
    recorded,
    { next: async () => ((await input.next()) as IteratorResult<string, undefined>).value, write: (line) => process.stdout.write(`${line}\n`) },
    (text) => io.error(text),
  );
  if (conversation !== undefined) recorded.endConversation();
  trace.close();
  if (trace.failed !== null) {
    io.error(`prunecheck record: writing ${tracePath} failed (${trace.failed}), so it ends at the last whole exchange before that.`);
    return 2;
  }
  return 0;
}

/**
 * Hands each chunk on as it came, after giving each whole line in it to `line`, split as the harness splits
 * an adapter's lines (LineReader). A line past the protocol's limit is forwarded and not recorded (`tooLong`),
 * so the recorder holds at most a line's worth of either side; a line that is not UTF-8 is recorded as it
 * decodes: the bytes forwarded are the adapter's either way.
 */
function forward(from: Readable, write: (chunk: Buffer) => void, line: (text: string) => void, end: () => void, tooLong: () => void): void {
  const reader = new LineReader({
    maxLineBytes: WIRE_LIMITS.lineBytes,
    onLine: line,
    onOverflow: tooLong,
    onInvalidUtf8: (bytes) => line(bytes.toString("utf8")),
  });
  // Recorded first, forwarded second: a request's sent_at is never after its answer's answered_at.
  from.on("data", (chunk: Buffer) => {
    reader.write(chunk);
    write(chunk);
  });
  from.on("end", () => {
    reader.end();
    end();
  });
}

interface TraceFile {
  write(line: string): void;
  close(): void;
  /** Why a write failed (ENOSPC, EIO …), after which nothing more is written; null while every write went through. */
  readonly failed: string | null;
}

/**
 * The trace, created as a regular file of prunecheck's own: the path is checked as every output path is (a
 * link, a FIFO or a device there is refused, never written through), the file made empty under a temp name
 * and renamed into place, then written line by line as exchanges come. A write that fails stops the trace,
 * not the adapter.
 */
function openTrace(path: string): TraceFile {
  checkOutputFile("--trace", path, path);
  const temp = tempPathFor(path);
  let fd: number;
  try {
    fd = openSync(temp, "wx");
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new InputError(
      "bad_output_path",
      `--trace ${path}: cannot write it (${error instanceof Error ? error.message : String(error)})`,
      "Give a path in a folder that exists and is writable.",
    );
  }
  let failed: string | null = null;
  return {
    write(line) {
      if (failed !== null) return;
      try {
        writeSync(fd, `${line}\n`);
      } catch (error) {
        failed = (error as NodeJS.ErrnoException).code ?? String(error);
      }
    },
    close: () => closeSync(fd),
    get failed() {
      return failed;
    },
  };
}
