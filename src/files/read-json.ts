import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import type { z } from "zod";
import { describeIssues, InputError, type InputErrorCode } from "../errors/input.ts";
import { kindOf } from "./write-atomic.ts";
import { describeWireDataProblem, longTextProblem, WIRE_LIMITS, wireDataProblem } from "../wire/limits.ts";

/**
 * What a file prunecheck reads (a report, a summary, a corpus entry, a config) may hold, on top of the
 * protocol's depth and elements (WIRE_LIMITS), checked before it is parsed, so what reading a hostile file
 * costs is bounded by these (issue 33): `merge` once spent two minutes on a 20 MB summary and died.
 */
export const FILE_LIMITS = Object.freeze({
  /** Bytes on disk: room for a line's worth of JSON pretty-printed. */
  bytes: 4 * WIRE_LIMITS.lineBytes,
  /** Bytes once whitespace is left out: what one line may carry. */
  compactBytes: WIRE_LIMITS.lineBytes,
  /**
   * Values at every level: a report of some fifty of the biggest windows the harness sends, and what keeps
   * parsing a hostile file under a second (2M fields in 20,000-field objects: 0.6 s; 4M: 1 s).
   */
  values: 2_000_000,
});

/**
 * A regular file, open for reading. Anything else is refused before a byte is read (issue 33): a FIFO or a
 * pipe would block until a writer comes, a device never ends, a directory is no file. Opened without
 * blocking, so even a FIFO with no writer is refused at once; the kind is read from the open file, so
 * nothing can swap the path between the check and the read.
 */
export async function openRegularFile(path: string, what: string, hint: string): Promise<FileHandle> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => {
    throw cannotRead(path, what, hint, error);
  });
  const stats = await handle.stat();
  if (stats.isFile()) return handle;
  await handle.close();
  throw new InputError("unreadable_file", `cannot read ${what} ${path}: it is ${kindOf(stats)}, not a regular file`, hint);
}

function cannotRead(path: string, what: string, hint: string, error: NodeJS.ErrnoException): InputError {
  return new InputError("unreadable_file", `cannot read ${what} ${path}: ${error.code ?? error.message}`, hint);
}

/** A regular file's text (openRegularFile), refused past FILE_LIMITS.bytes before it is read. */
export async function readRegularFile(path: string, what: string, hint: string): Promise<string> {
  const handle = await openRegularFile(path, what, hint);
  try {
    const stats = await handle.stat();
    if (stats.size > FILE_LIMITS.bytes)
      throw new InputError(
        "file_past_limits",
        `cannot read ${what} ${path}: it is ${stats.size} bytes, past the limit of ${FILE_LIMITS.bytes} for a file prunecheck reads`,
        hint,
      );
    return await handle.readFile("utf8").catch((error: NodeJS.ErrnoException) => {
      throw cannotRead(path, what, hint, error);
    });
  } finally {
    await handle.close();
  }
}

/** A JSON file the user named, or an InputError saying which and what to give instead. */
export async function readJson(path: string, what: string, hint: string): Promise<unknown> {
  const text = await readRegularFile(path, what, hint);
  const past = longTextProblem(text, FILE_LIMITS);
  if (past !== null)
    throw new InputError(
      "file_past_limits",
      `${path} is past the limits for a file prunecheck reads: ${describeWireDataProblem(past)} (found before parsing it)`,
      hint,
    );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError("invalid_json", `${path} is not JSON: ${(error as Error).message}`, hint);
  }
}

export interface Expected<T> {
  readonly schema: z.ZodType<T>;
  /** What the file should be: "report" reads "cannot read report …" and "… is not a prunecheck report". */
  readonly what: string;
  readonly code: InputErrorCode;
  /** What to give when the file cannot be read or is not JSON. */
  readonly readHint: string;
  /** What to do when it is JSON but not the expected thing. */
  readonly invalidHint: string;
  /** What the parsed value becomes, given the JSON it was parsed from (zod's copy is not always the data as written). */
  readonly finish?: (parsed: T, raw: unknown) => T;
}

/**
 * readJson, then the schema: a mismatch names the zod path (`→ at property.id`). The protocol's limits come
 * first, so what validating a hostile file costs is bounded by them, not by the file (issue 33).
 */
export async function readJsonAs<T>(path: string, expected: Expected<T>): Promise<T> {
  const value = await readJson(path, expected.what, expected.readHint);
  const problem = wireDataProblem(value, 1, FILE_LIMITS.values);
  if (problem !== null)
    throw new InputError(expected.code, `${path} is not a prunecheck ${expected.what}: ${describeWireDataProblem(problem)}`, expected.invalidHint);
  const parsed = expected.schema.safeParse(value);
  if (!parsed.success)
    throw new InputError(expected.code, `${path} is not a prunecheck ${expected.what}: ${describeIssues(parsed.error)}`, expected.invalidHint);
  return expected.finish === undefined ? parsed.data : expected.finish(parsed.data, value);
}
