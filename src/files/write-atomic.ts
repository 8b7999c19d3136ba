import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "../errors/input.ts";

/**
 * Writes `path` so that a reader, or a `kill -9` midway, only ever sees the old file or the whole new one:
 * the data goes to a temp file beside it (same directory, so the rename stays on one filesystem), is
 * synced, and is renamed over the target. The temp file is removed when anything fails. Only a regular file
 * is replaced: a link, a FIFO, a device or a folder at the path is refused (notRegularFile), since the rename
 * would replace the thing itself (a root run once turned /dev/null into a file, issue 45).
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  refuseNotRegular(path);
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
  refuseNotRegular(path);
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

/**
 * What is at `path` when it is anything but a regular file prunecheck may replace: "a symbolic link (to …)",
 * "a FIFO (named pipe)", "a device", "a socket" or "a folder"; null when nothing is there or a regular file is.
 * The path itself is looked at (lstat), never what a link points to.
 */
export function notRegularFile(path: string): string | null {
  const stats = lstatOrNull(path);
  return stats === null || stats.isFile() ? null : kindOf(stats, path);
}

/** The stats of the path itself, a link not followed, or null when nothing is there. */
export function lstatOrNull(path: string): Stats | null {
  return orNull(lstatSync, path);
}

/** What a thing on disk is, in the words errors use ("it is a FIFO (named pipe)"). */
export function kindOf(stats: Stats, path?: string): string {
  if (stats.isSymbolicLink()) return `a symbolic link${path === undefined ? "" : ` (to ${linkTarget(path)})`}`;
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isDirectory()) return "a folder";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return stats.isFile() ? "a regular file" : "not a regular file";
}

function linkTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "?";
  }
}

function refuseNotRegular(path: string): void {
  const kind = notRegularFile(path);
  if (kind !== null)
    throw new InputError(
      "bad_output_path",
      `cannot write ${path}: it is ${kind}, and prunecheck creates or replaces only a regular file (never through a link, onto a FIFO or a device)`,
      "Remove what is at that path, or give prunecheck another one.",
    );
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
  return orNull(statSync, path);
}

function orNull(stat: (path: string) => Stats, path: string): Stats | null {
  try {
    return stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
}
