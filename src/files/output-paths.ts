import { accessSync, closeSync, constants, openSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { InputError } from "../errors/input.ts";
import { lstatOrNull, makeDir, notRegularFile, statOrNull, tempPathFor } from "./write-atomic.ts";

/**
 * Output paths are checked before anything runs, so that a typo in --out or --junit costs a second,
 * not a whole run whose results are then lost at the first write. The checks are synchronous: a few
 * system calls, once, before there is anything else to do.
 */

/** Where `run` and `fuzz` write: the folder (made now) and summary.json, summary.md and JUnit in it. */
export function checkRunOutputs(outDir: string, junit?: string): void {
  // An empty path would be the working directory for --out, a rename to nothing for --junit (issue 33).
  for (const [flag, path] of [
    ["--out", outDir],
    ["--junit", junit],
  ] as const) {
    if (path === "") throw badPath(flag, path, "is empty", `Give ${flag} a path, e.g. ${flag === "--out" ? "--out reports" : "--junit reports/junit.xml"}.`);
  }
  checkOutputDir("--out", outDir);
  for (const name of ["summary.json", "summary.md"]) checkOutputFile("--out", outDir, join(outDir, name));
  if (junit !== undefined) checkOutputFile("--junit", junit, junit);
}

/**
 * A folder prunecheck writes into: it is made (as `mkdir -p`) and a file is written and removed in it. A
 * link at the path itself is refused, so nothing is written outside the folder the flag names; links higher
 * up (a /tmp that is a link) are the system's and followed.
 */
export function checkOutputDir(flag: string, path: string): void {
  if (lstatOrNull(path)?.isSymbolicLink() === true)
    throw badPath(flag, path, `is ${notRegularFile(path)}`, `${flag} takes a real folder, not a link to one: give the folder's own path.`);
  const problem = dirProblem(path);
  if (problem !== null)
    throw badPath(flag, path, problem, `${flag} takes a folder prunecheck can create and write (e.g. ${flag} reports); it is made if missing.`);
}

/** A file prunecheck writes (`path`, named by `flag` as `given`): not a folder, in a folder that can be made and written. */
export function checkOutputFile(flag: string, given: string, path: string): void {
  if (statOrNull(path)?.isDirectory() === true) {
    const what = path === given ? "is a folder, and it names the file to write" : `${path} is a folder where prunecheck writes a file`;
    throw badPath(
      flag,
      given,
      what,
      path === given ? `Give ${flag} a file path, e.g. ${flag} ${join(given, "junit.xml")}.` : `Remove or rename ${path}, or give ${flag} another folder.`,
    );
  }
  const problem = dirProblem(dirname(path));
  if (problem !== null)
    throw badPath(flag, given, `its folder ${dirname(path)} ${problem}`, `Give ${flag} a path whose folder prunecheck can create and write.`);
  // Replaced by a rename, a link, a FIFO or a device would itself be replaced (--junit /dev/null as root).
  const kind = notRegularFile(path);
  if (kind !== null)
    throw badPath(
      flag,
      given,
      `${path === given ? "" : `${path} `}is ${kind}, and prunecheck creates or replaces only a regular file`,
      `Remove it, or give ${flag} ${path === given ? "another path" : "another folder"}.`,
    );
}

/**
 * The corpus is read first and written only when something is found, so it is not made here: it is a
 * folder if it exists, else the nearest existing parent is a writable folder.
 */
export function checkCorpusDir(path: string): void {
  const hint = "--corpus takes a folder of reports (default fuzz/corpus); it is made when the first counterexample is added.";
  for (let current = resolve(path); ; current = dirname(current)) {
    const stats = statOrNull(current);
    if (stats === null && dirname(current) !== current) continue;
    if (stats === null || !stats.isDirectory())
      throw badPath("--corpus", path, current === resolve(path) ? "is a file, not a folder" : `${current} is a file, so no folder can be made under it`, hint);
    try {
      accessSync(current, current === resolve(path) ? constants.R_OK | constants.W_OK | constants.X_OK : constants.W_OK | constants.X_OK);
    } catch (error) {
      throw badPath("--corpus", path, `${current} cannot be read and written (${messageOf(error)})`, hint);
    }
    return;
  }
}

/** Why `dir` is no folder prunecheck can write into, or null. */
function dirProblem(dir: string): string | null {
  try {
    makeDir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const at = (error as NodeJS.ErrnoException).path;
    if (code === "ENOTDIR" && at !== undefined) return at === resolve(dir) ? "is a file, not a folder" : `cannot be made: ${at} is a file`;
    return `cannot be made (${messageOf(error)})`;
  }
  // A real write, not access(): root passes every access check, and /proc or a read-only mount still refuse.
  const probe = tempPathFor(join(dir, "write-probe"));
  try {
    closeSync(openSync(probe, "wx"));
  } catch (error) {
    return `cannot be written (${messageOf(error)})`;
  }
  rmSync(probe, { force: true });
  return null;
}

function badPath(flag: string, path: string, problem: string, hint: string): InputError {
  return new InputError("bad_output_path", `${flag} ${path}: ${problem}`, hint);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
