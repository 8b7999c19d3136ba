import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../cli/helpers.ts";

export const FIXTURES = join(ROOT, "test", "fixtures", "hostile", "processes");

/** Where one test's adapter trees write their pids (tree.sh) and say they are busy (hang.sh). */
export interface Tree {
  readonly pids: string;
  readonly ready: string;
}

/**
 * A fresh pair of paths; `onTestFinished` (the test context's, since tests run concurrently) kills what
 * is left of the tree, so a failing test leaves no sleeps behind.
 */
export function newTree(onTestFinished: (cleanup: () => void) => void): Tree {
  const dir = tempDir();
  const tree = { pids: join(dir, "pids"), ready: join(dir, "ready") };
  onTestFinished(() => {
    for (const pid of treePids(tree)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    }
  });
  return tree;
}

/** tree.sh around `command`: a sleep in the adapter's group and a setsid'd one beside it. */
export function treeCommand(tree: Tree, command: string): string {
  return `sh "${join(FIXTURES, "tree.sh")}" "${tree.pids}" ${command}`;
}

/** An adapter tree that answers hello, then holds the first request forever. */
export function hangingTree(tree: Tree): string {
  return treeCommand(tree, `sh "${join(FIXTURES, "hang.sh")}" "${tree.ready}"`);
}

/** Every pid any tree.sh started for this test wrote: grandchild, escapee and adapter, per start. */
export function treePids(tree: Tree): number[] {
  if (!existsSync(tree.pids)) return [];
  return readFileSync(tree.pids, "utf8").split(/\s+/).filter(Boolean).map(Number);
}

/** Resolves once `condition` holds; polls, since a loaded machine may take a while to get anywhere. */
export async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The adapter is busy with a request (the run is under way) and every pid of its tree is written. */
export function busy(tree: Tree): Promise<void> {
  return until("the adapter tree holding a request", () => existsSync(tree.ready) && treePids(tree).length >= 3);
}

/**
 * The pids still running after up to `timeoutMs` of waiting for them to go. A zombie counts as gone: it
 * runs nothing, and reaping an orphan is its new parent's business (in a container, maybe nobody's).
 */
export async function stillRunning(pids: readonly number[], timeoutMs = 5000): Promise<number[]> {
  const running = () => pids.filter(isRunning);
  await until("every process of the tree ending", () => running().length === 0, timeoutMs).catch(() => {});
  return running();
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** hop.py's beat file grew over `ms`: the fork-hopper (whose pid is never the same) is still alive. */
export async function stillBeating(beat: string, ms = 1000): Promise<boolean> {
  const size = () => (existsSync(beat) ? statSync(beat).size : 0);
  const before = size();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return size() !== before;
}

/** Whether hop.py's beat stops within `timeoutMs` (a second without growth). */
export async function stopsBeating(beat: string, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) if (!(await stillBeating(beat))) return true;
  return false;
}
