import { describeIssues, InputError } from "../errors/input.ts";
import { openRegularFile } from "../files/read-json.ts";
import { LineReader } from "../transport/line-reader.ts";
import { WIRE_LIMITS } from "../wire/limits.ts";
import { CompiledTraceExchange } from "../wire/compiled.ts";
import { TRACE_FORMAT, TRACE_VERSION, TraceConversationEnd, type TraceExchange, TraceHeader } from "../wire/trace.ts";

/** A line after the header, and where it stands, so a report can point at the trace's file and line. */
export type TracedLine =
  | { readonly kind: "exchange"; readonly file: string; readonly line: number; readonly exchange: TraceExchange }
  | { readonly kind: "end"; readonly file: string; readonly line: number; readonly end: TraceConversationEnd };

export interface ReadOptions {
  /** Skip a bad exchange line (counted in `skipped`) instead of stopping at it; a bad header still stops. */
  readonly lenient?: boolean;
  /** Told of every skipped line, with the error it would have been. */
  readonly skipped?: (error: InputError) => void;
  /** Told of the header, once it is read and valid. */
  readonly header?: (header: TraceHeader) => void;
  /** Told how many bytes of the file have been read so far, after each chunk. */
  readonly bytesRead?: (bytes: number) => void;
}

const HINT = "a trace is a header line, then one exchange per line (docs/trace.md); --lenient skips bad exchange lines and counts them.";

/**
 * Streams a trace's exchanges and conversation ends in file order, one line in memory at a time, so a trace of any length reads in
 * bounded memory. A line that is not JSON, not an exchange (an unknown op included), a missing or unknown
 * header, or a last line cut short (no newline: a recorder killed mid-write) is an `invalid_trace` error
 * naming file and line.
 */
export async function* readTrace(file: string, options: ReadOptions = {}): AsyncGenerator<TracedLine> {
  let number = 0;
  const bad = (message: string) => new InputError("invalid_trace", `${file}:${number}: ${message}`, HINT);
  for await (const raw of lines(file, options.bytesRead)) {
    number++;
    const problem =
      "problem" in raw ? bad(raw.problem) : raw.complete ? null : bad("the last line is cut short (no newline at its end): the recording stopped mid-write");
    const parsed = problem === null && "text" in raw ? parseLine(raw.text) : null;
    if (number === 1) {
      if (problem !== null) throw problem;
      // Checked whether or not anyone listens: `header?.(check())` would skip the check.
      const header = checkHeader(parsed, bad);
      options.header?.(header);
      continue;
    }
    const result = problem === null ? toLine(parsed, bad) : problem;
    if (!(result instanceof InputError)) {
      yield "conversation_end" in result ? { kind: "end", file, line: number, end: result } : { kind: "exchange", file, line: number, exchange: result };
      continue;
    }
    const error = result;
    if (options.lenient !== true) throw error;
    options.skipped?.(error);
  }
  if (number === 0) throw bad("the trace is empty: it has no header line");
}

type Parsed = { json: unknown } | { error: string };

function parseLine(text: string): Parsed {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function checkHeader(parsed: Parsed | null, bad: (message: string) => InputError): TraceHeader {
  if (parsed === null || "error" in parsed) throw bad(`the header is not JSON: ${parsed === null ? "" : parsed.error}`);
  const json = parsed.json as { format?: unknown; version?: unknown } | null;
  if (json?.format !== TRACE_FORMAT) throw bad(`not a prunecheck trace: the first line must be a header with "format": "${TRACE_FORMAT}"`);
  if (json.version !== TRACE_VERSION) throw bad(`unknown trace version ${JSON.stringify(json.version)}: this prunecheck reads version ${TRACE_VERSION}`);
  const header = TraceHeader.safeParse(json);
  if (!header.success) throw bad(`the header is not valid: ${describeIssues(header.error)}`);
  return header.data;
}

function toLine(parsed: Parsed | null, bad: (message: string) => InputError): TraceExchange | TraceConversationEnd | InputError {
  if (parsed === null || "error" in parsed) return bad(`the line is not JSON: ${parsed === null ? "" : parsed.error}`);
  if ((parsed.json as { conversation_end?: unknown } | null)?.conversation_end !== undefined) {
    const end = TraceConversationEnd.safeParse(parsed.json);
    return end.success ? end.data : bad(`not a conversation end: ${describeIssues(end.error)}`);
  }
  const op = (parsed.json as { request?: { op?: unknown } } | null)?.request?.op;
  if (typeof op === "string" && !["prune", "summarize", "reground", "compact"].includes(op))
    return bad(`unknown op ${JSON.stringify(op)}: an exchange records prune, summarize, reground or compact`);
  const exchange = CompiledTraceExchange.safeParse(parsed.json);
  if (!exchange.success) return bad(`not a trace exchange: ${describeIssues(exchange.error)}`);
  // The line as JSON.parse read it, not zod's copy: the schema has no defaults or transforms, so the two are
  // the same but for a store key "__proto__", which zod drops to guard the prototype and JSON.parse keeps as
  // the own key the runtime sent. Judged on zod's copy, such a span would look lost.
  return parsed.json as TraceExchange;
}

/**
 * The longest trace line read, in UTF-8 bytes: an exchange holds a request and its answer, each at most a
 * protocol line (WIRE_LIMITS.lineBytes), so a legal line never needs more, and a hostile one costs what
 * this many bytes cost (a 600 MB line once took 3.1 GB and 160 s before failing, issue 45).
 */
export const TRACE_LINE_BYTES = 2 * WIRE_LIMITS.lineBytes;

type RawLine = { readonly text: string; readonly complete: boolean } | { readonly problem: string };

/**
 * The file's lines, each with whether a newline ended it (only the last can lack one), split as bytes so a
 * line past TRACE_LINE_BYTES is skipped as it streams by, never held, and a line that is not UTF-8 is named,
 * not decoded into U+FFFD. A FIFO, a device or a folder is refused before a byte is read (openRegularFile).
 */
async function* lines(file: string, bytesRead?: (bytes: number) => void): AsyncGenerator<RawLine> {
  const handle = await openRegularFile(file, "trace", "give the path of a trace file (docs/trace.md).");
  const ready: RawLine[] = [];
  const reader = new LineReader({
    maxLineBytes: TRACE_LINE_BYTES,
    onLine: (text) => ready.push({ text, complete: true }),
    onOverflow: () => ready.push({ problem: `the line is longer than ${TRACE_LINE_BYTES} bytes, the most a trace line holds: skipped unread` }),
    onInvalidUtf8: (_line, offset) => ready.push({ problem: `the line is not UTF-8 (its byte ${offset} is not)` }),
  });
  const stream = handle.createReadStream({ highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytesRead?.(stream.bytesRead);
      reader.write(chunk);
      yield* ready.splice(0);
    }
  } catch (error) {
    throw new InputError(
      "unreadable_file",
      `cannot read trace ${file}: ${error instanceof Error ? error.message : String(error)}`,
      "check the path and that the file is readable.",
      { cause: error },
    );
  } finally {
    stream.destroy();
    await handle.close().catch(() => undefined);
  }
  if (reader.partial) yield { text: "", complete: false };
}
