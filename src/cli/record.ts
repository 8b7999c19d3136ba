import { spawn } from "node:child_process";
import { constants } from "node:os";
import { closeSync, openSync, writeSync } from "node:fs";
import type { Readable } from "node:stream";
import type { Io } from "../console/io.ts";
import { InputError } from "../errors/input.ts";
import { StdioRecording } from "../trace/record-stdio.ts";
import { LineReader } from "../transport/line-reader.ts";
import { parse } from "./args.ts";
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
    trace: { type: "string" },
    conversation: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.line(renderUsage("record"));
    return 0;
  }
  if (values.cmd === undefined || values.trace === undefined)
    throw new InputError(
      "usage",
      "record needs --cmd (the adapter to record) and --trace (the file to write)",
      'prunecheck record --cmd "python3 adapter.py" --trace run.jsonl',
    );
  const fd = openTrace(values.trace);
  const recording = new StdioRecording((line) => writeSync(fd, `${line}\n`), values.conversation === undefined ? {} : { conversation: values.conversation });
  // Not detached: the adapter stays in the recorder's process group, so whoever stops the recorder stops both.
  const child = spawn(values.cmd, { shell: true, stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<number>((resolve) => {
    child.on("error", (error) => {
      io.error(`prunecheck record: cannot start ${JSON.stringify(values.cmd)}: ${error.message}`);
      resolve(2);
    });
    child.on("close", (code, signal) => resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal])));
  });
  forward(
    process.stdin,
    (chunk) => child.stdin.write(chunk),
    (line) => recording.request(line),
    () => child.stdin.end(),
  );
  forward(
    child.stdout,
    (chunk) => process.stdout.write(chunk),
    (line) => recording.response(line),
    () => undefined,
  );
  // The runtime going away (EPIPE on our stdout) must not kill the recorder before the trace is closed.
  child.stdin.on("error", () => undefined);
  process.stdout.on("error", () => undefined);
  const code = await exited;
  recording.end();
  closeSync(fd);
  if (recording.unpaired > 0)
    io.error(`prunecheck record: ${recording.unpaired} line(s) could not be paired as a request and its answer, so they are not in ${values.trace}`);
  return code;
}

/**
 * Hands each chunk on as it came, after giving each whole line in it to `line`, split as the harness splits
 * an adapter's lines (LineReader). Nothing is too long to record, and a line that is not UTF-8 is recorded
 * as it decodes: the bytes forwarded are the adapter's either way.
 */
function forward(from: Readable, write: (chunk: Buffer) => void, line: (text: string) => void, end: () => void): void {
  const reader = new LineReader({
    maxLineBytes: Number.POSITIVE_INFINITY,
    onLine: line,
    onOverflow: () => undefined,
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

function openTrace(path: string): number {
  try {
    return openSync(path, "w");
  } catch (error) {
    throw new InputError(
      "bad_output_path",
      `--trace ${path}: cannot write it (${error instanceof Error ? error.message : String(error)})`,
      "Give a path in a folder that exists and is writable.",
    );
  }
}
