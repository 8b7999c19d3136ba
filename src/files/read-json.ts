import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { describeIssues, InputError, type InputErrorCode } from "../errors/input.ts";

/** A JSON file the user named, or an InputError saying which and what to give instead. */
export async function readJson(path: string, what: string, hint: string): Promise<unknown> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InputError("unreadable_file", `cannot read ${what} ${path}: ${error.code ?? error.message}`, hint);
  });
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
}

/** readJson, then the schema: a mismatch names the zod path (`→ at property.id`). */
export async function readJsonAs<T>(path: string, expected: Expected<T>): Promise<T> {
  const parsed = expected.schema.safeParse(await readJson(path, expected.what, expected.readHint));
  if (!parsed.success)
    throw new InputError(expected.code, `${path} is not a prunecheck ${expected.what}: ${describeIssues(parsed.error)}`, expected.invalidHint);
  return parsed.data;
}
