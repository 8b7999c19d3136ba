import { PrunecheckError } from "../errors/prunecheck-error.ts";
export type TransportFailureCode = "spawn" | "timeout" | "crash" | "not_json" | "not_utf8";

/** Why no line came back. The driver turns it into an AdapterFault, adding the request and stderr. */
export class TransportFailure extends PrunecheckError<TransportFailureCode> {
  static override readonly kind = "TransportFailure";

  constructor(
    code: TransportFailureCode,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(code, detail, options);
  }
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export function spawnFailure(command: string, cwd: string | undefined, error: Error): TransportFailure {
  // Node blames the shell ("spawn /bin/sh ENOENT") when it is the working directory that is missing.
  const where = cwd === undefined ? "" : ` in ${JSON.stringify(cwd)}`;
  return new TransportFailure("spawn", `could not start ${JSON.stringify(command)}${where}: ${error.message}`, { cause: error });
}

/** What became of a process that stopped answering: exited, killed, or alive with stdout closed. */
export function exitFailure(state: { readonly exit: Exit | null; readonly killed: boolean; readonly spoke: boolean }, suffix: string): TransportFailure {
  const { exit } = state;
  // The shell's own verdict, before the adapter ever spoke: the command is not there to start.
  if (!state.spoke && exit && (exit.code === 127 || exit.code === 126)) {
    const reason = exit.code === 127 ? "command not found" : "command found but not executable";
    return new TransportFailure("spawn", `the shell could not run the command (exit status ${exit.code}: ${reason})`);
  }
  if (state.killed) return new TransportFailure("crash", `was stopped by the harness${suffix}`);
  if (exit === null) return new TransportFailure("crash", `closed its stdout but kept running${suffix}`);
  const how = exit.signal === null ? `exited with code ${exit.code}` : `was killed by ${exit.signal}`;
  return new TransportFailure("crash", `${how}${suffix}`);
}

/** Enough of the text before a bad byte to find the spot, and the bytes there in hex. */
const CONTEXT_BYTES = 40;

/** A line that is not UTF-8, located to the byte, with what surrounds the byte. */
export function invalidUtf8Failure(line: Buffer, offset: number): TransportFailure {
  let start = Math.max(0, offset - CONTEXT_BYTES);
  // Start the preview on a character, not inside one.
  while (start < offset && ((line[start] as number) & 0xc0) === 0x80) start++;
  const before = line.subarray(start, offset).toString("utf8");
  const bytes = [...line.subarray(offset, offset + 4)].map((byte) => byte.toString(16).padStart(2, "0")).join(" ");
  return new TransportFailure(
    "not_utf8",
    `byte ${offset} of a ${line.length}-byte stdout line is not UTF-8 (bytes ${bytes}, after ${JSON.stringify(before)}); write UTF-8, or ASCII with \\u escapes`,
  );
}
