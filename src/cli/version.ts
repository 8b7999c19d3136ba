import { readFileSync } from "node:fs";

/** The installed package's version, read from its package.json so it never drifts from what npm installed. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}
