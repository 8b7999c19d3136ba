import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "../errors/input.ts";

/**
 * An installed npm package's published name and version, from `<root>/node_modules/<name>/package.json`.
 * The published name, not the folder's: a release installed under an alias (`strands-sdk-1-0-0` for
 * `@strands-agents/sdk@1.0.0`) is recorded as the library a reader knows.
 */
export async function installedPackage(name: string, root: string): Promise<{ readonly name: string; readonly version: string }> {
  const path = join(root, "node_modules", name, "package.json");
  const manifest = await readManifest(path);
  if (manifest === null)
    throw new InputError(
      "invalid_config",
      `package ${JSON.stringify(name)} is not installed (no version in ${path})`,
      "Run `npm ci`, or drop it from the implementation's packages.",
    );
  return { name: manifest.name ?? name, version: manifest.version };
}

async function readManifest(path: string): Promise<{ name?: string; version: string } | null> {
  try {
    const { name, version } = JSON.parse(await readFile(path, "utf8")) as { name?: unknown; version?: unknown };
    return typeof version === "string" ? { version, ...(typeof name === "string" ? { name } : {}) } : null;
  } catch {
    return null;
  }
}
