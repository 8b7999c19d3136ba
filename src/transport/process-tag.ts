import { randomBytes } from "node:crypto";
import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";

/**
 * Every adapter's environment carries it, and so does everything the adapter starts unless it scrubs its
 * environment: the one mark that survives `setsid`, which leaves the process group behind.
 */
export const ADAPTER_TAG = "PRUNECHECK_ADAPTER";

/** Random, so another prunecheck's adapters (or this one's in another thread) never match. */
const THREAD_PREFIX = `${randomBytes(8).toString("hex")}.`;
/** A scan finds the processes a fork-happy tree made while the last one was being killed; this many is plenty. */
const MAX_ROUNDS = 10;
let issued = 0;

/** A value for ADAPTER_TAG, `<thread>.<n>.`: the closing dot keeps tag 1 from being a prefix of tag 12. */
export function newTag(): string {
  issued += 1;
  return `${THREAD_PREFIX}${issued}.`;
}

/** Every tag this thread hands out starts with it. */
export function threadTagPrefix(): string {
  return THREAD_PREFIX;
}

/**
 * SIGKILLs every process whose ADAPTER_TAG starts with `prefix`, scanning again until a scan finds none
 * it has not already killed. Linux only, where /proc lists every process; elsewhere it does nothing. A
 * process that dropped the variable from its environment cannot be found this way (only a cgroup could).
 */
export function killTagged(prefix: string): void {
  if (process.platform !== "linux") return;
  const killed = new Set<number>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const fresh = taggedPids(`${ADAPTER_TAG}=${prefix}`).filter((pid) => !killed.has(pid));
    if (fresh.length === 0) return;
    for (const pid of fresh) {
      killed.add(pid);
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already, or not ours to kill.
      }
    }
  }
}

/** Reused by every scan: most environments are a few KB, and decoding none of them is what makes a scan cheap. */
const scratch = Buffer.alloc(64 * 1024);

function taggedPids(entry: string): number[] {
  const needle = Buffer.from(`\0${entry}`, "latin1");
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const environ = readEnviron(name);
    if (environ !== null && environ.indexOf(needle) !== -1) pids.push(Number(name));
  }
  return pids;
}

/** The process's environment after a NUL, so the first variable matches like the others; null if unreadable. */
function readEnviron(pid: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/environ`, "r");
  } catch {
    return null; // exited meanwhile, or another user's
  }
  try {
    scratch[0] = 0;
    const length = readSync(fd, scratch, 1, scratch.length - 1, null);
    if (length < scratch.length - 1) return scratch.subarray(0, length + 1);
    return Buffer.concat([scratch.subarray(0, 1), readFileSync(`/proc/${pid}/environ`)]);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
