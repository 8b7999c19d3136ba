import { readFile } from "node:fs/promises";
import { InputError } from "../errors/input.ts";

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
