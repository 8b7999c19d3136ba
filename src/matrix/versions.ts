import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "../errors/input.ts";

/** The version of an installed npm package, from `<root>/node_modules/<name>/package.json`. */
export async function installedVersion(name: string, root: string): Promise<string> {
  const path = join(root, "node_modules", name, "package.json");
  const version = await readVersion(path);
  if (version === null)
    throw new InputError(
      "invalid_config",
      `package ${JSON.stringify(name)} is not installed (no version in ${path})`,
      "Run `npm ci`, or drop it from the implementation's packages.",
    );
  return version;
}

async function readVersion(path: string): Promise<string | null> {
  try {
    const version = (JSON.parse(await readFile(path, "utf8")) as { version?: unknown }).version;
    return typeof version === "string" ? version : null;
  } catch {
    return null;
  }
}
