import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { InputError } from "../errors/input.ts";

/**
 * An installed npm package's published name and version, as the implementation would load it: from the
 * nearest `node_modules/<name>/package.json` at `from` (the implementation's folder: a library of the field
 * is installed in its own, field/<library>) or a folder above it, up to `root`. The published name, not the
 * folder's: a release installed under an alias (`strands-sdk-1-0-0` for `@strands-agents/sdk@1.0.0`) is
 * recorded as the library a reader knows.
 */
export async function installedPackage(name: string, root: string, from: string = root): Promise<{ readonly name: string; readonly version: string }> {
  for (const folder of foldersUp(resolve(root, from), resolve(root))) {
    const manifest = await readManifest(join(folder, "node_modules", name, "package.json"));
    if (manifest !== null) return { name: manifest.name ?? name, version: manifest.version };
  }
  const where = relative(resolve(root), resolve(root, from)) || ".";
  throw new InputError(
    "invalid_config",
    `package ${JSON.stringify(name)} is not installed (no node_modules/${name}/package.json from ${where} up to the project's root)`,
    where === "."
      ? "Run `npm ci`, or drop it from the implementation's packages."
      : `Run \`npm ci --prefix ${where}\` (or \`npm ci\`), or drop it from the implementation's packages.`,
  );
}

/** `from`, then each folder above it, up to and including `root` (only `root` when `from` is outside it). */
function foldersUp(from: string, root: string): string[] {
  if (relative(root, from).startsWith("..")) return [root];
  const folders = [from];
  while (folders.at(-1) !== root) folders.push(dirname(folders.at(-1)!));
  return folders;
}

async function readManifest(path: string): Promise<{ name?: string; version: string } | null> {
  try {
    const { name, version } = JSON.parse(await readFile(path, "utf8")) as { name?: unknown; version?: unknown };
    return typeof version === "string" ? { version, ...(typeof name === "string" ? { name } : {}) } : null;
  } catch {
    return null;
  }
}
