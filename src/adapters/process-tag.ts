import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

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

function taggedPids(entry: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${name}/environ`, "latin1");
    } catch {
      continue; // exited meanwhile, or another user's
    }
    if (environ.startsWith(entry) || environ.includes(`\0${entry}`)) pids.push(Number(name));
  }
  return pids;
}
