import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * prunecheck's own version, read from its package.json so it never drifts from what npm installed. The
 * manifest is the nearest one above this module: two folders up in a source checkout (src/runtime), three
 * in the package (dist/src/runtime).
 */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(ownManifest(dirname(fileURLToPath(import.meta.url))), "utf8")) as { version: string };
  return manifest.version;
}

function ownManifest(folder: string): string {
  const path = join(folder, "package.json");
  return existsSync(path) || dirname(folder) === folder ? path : ownManifest(dirname(folder));
}
