import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/**
 * Writes `path` so that a reader, or a `kill -9` midway, only ever sees the old file or the whole new one:
 * the data goes to a temp file beside it (same directory, so the rename stays on one filesystem), is
 * synced, and is renamed over the target. The temp file is removed when anything fails.
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, "wx");
    try {
      await handle.writeFile(data);
      // Without the sync a crash of the machine after the rename can leave the target empty (ext4, xfs).
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * writeFileAtomic for the last moment of a process (a second Ctrl-C, see src/reports/last-words.ts), when
 * nothing asynchronous will run again.
 */
export function writeFileAtomicSync(path: string, data: string): void {
  const temp = tempPathFor(path);
  try {
    const fd = openSync(temp, "wx");
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A hidden name beside `path` that no reader takes for the real file: not `*.json`, unique per process and call. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
}

/**
 * `mkdir -p`, one level at a time. Node 20's `mkdir(path, { recursive: true })` loops forever on paths
 * under /proc (each level answers ENOENT), burning a core and outliving a SIGTERM; this fails at once.
 * Synchronous: a few system calls, done before the writes that need the folder, and nothing to wait for.
 */
export function makeDir(path: string): void {
  const missing: string[] = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    const stats = statOrNull(current);
    if (stats !== null) {
      if (!stats.isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), { code: "ENOTDIR", path: current });
      break;
    }
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** The file's stats, or null when it is missing (ENOTDIR: some parent is a file, which the caller finds and names). */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
}
