import { randomBytes } from "node:crypto";
import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";

/**
 * Every adapter's environment carries it, and so does everything the adapter starts unless it scrubs its
 * environment: the one mark that survives `setsid`, which leaves the process group behind.
 */
export const ADAPTER_TAG = "PRUNECHECK_ADAPTER";

/** Random, so another prunecheck's adapters (or this one's in another thread) never match. */
const THREAD_PREFIX = `${randomBytes(8).toString("hex")}.`;
/**
 * A sweep ends after this many scans in a row found no tagged process it had not killed: a descendant
 * that forks and exits in a loop (a new pid every millisecond) can slip past one scan, between the
 * listing of /proc and the reading of its environment, but hardly past three.
 */
const CLEAN_SCANS = 3;
/** However fast the tree forks, a sweep gives up after this long: it runs at exit, synchronously. */
const SWEEP_MS = 3000;
/** How many of the latest pids the kernel handed out are looked at before each scan: a fork-hopper's newest is among them. */
const RECENT_PIDS = 64;
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
 * SIGKILLs every process whose ADAPTER_TAG starts with `prefix`, with its process group, scanning again
 * until CLEAN_SCANS scans in a row find none it has not already killed (or SWEEP_MS pass). Linux only,
 * where /proc lists every process; elsewhere it does nothing. Returns how many tagged processes it found.
 *
 * Against a descendant that forks and exits in a loop (issue 33), three things: each process is killed
 * the moment its environment matches; with it goes its whole process group, which its forks share unless
 * each makes a group of its own, so one sighting of any of them is enough; and before each scan the
 * latest pids the kernel handed out are looked at first, since the newest fork is among them. A process
 * that dropped the variable from its environment cannot be found this way (only a cgroup could).
 */
export function killTagged(prefix: string): number {
  if (process.platform !== "linux") return 0;
  const sweep: Sweep = { needle: Buffer.from(`\0${ADAPTER_TAG}=${prefix}`, "latin1"), found: new Set(), ownGroup: groupOf("self") };
  const deadline = performance.now() + SWEEP_MS;
  for (let clean = 0; clean < CLEAN_SCANS && performance.now() < deadline;) {
    const before = sweep.found.size;
    const last = lastPid();
    for (let pid = last; pid > Math.max(last - RECENT_PIDS, 0); pid -= 1) visit(sweep, pid);
    for (const name of readdirSync("/proc")) if (/^\d+$/.test(name)) visit(sweep, Number(name));
    clean = sweep.found.size === before ? clean + 1 : 0;
  }
  return sweep.found.size;
}

interface Sweep {
  /** `\0PRUNECHECK_ADAPTER=<prefix>`, as it appears in /proc/<pid>/environ. */
  readonly needle: Buffer;
  readonly found: Set<number>;
  /** Never signalled as a group: the sweeper's own (a tagged process cannot be in it, but a wrong read must not kill us). */
  readonly ownGroup: number | null;
}

function visit(sweep: Sweep, pid: number): void {
  if (sweep.found.has(pid)) return;
  const environ = readEnviron(String(pid));
  if (environ === null || environ.indexOf(sweep.needle) === -1) return;
  sweep.found.add(pid);
  const group = groupOf(String(pid));
  // -1 would mean every process we may signal, and 0 our own group: only a real, foreign group id goes.
  if (group !== null && group > 1 && group !== sweep.ownGroup) signal(-group);
  signal(pid);
}

function signal(target: number): void {
  try {
    process.kill(target, "SIGKILL");
  } catch {
    // Gone already, or not ours to kill.
  }
}

/** The pid the kernel handed out last (in this pid namespace), or 0 where that is not readable. */
function lastPid(): number {
  try {
    return Number.parseInt(readFileSync("/proc/sys/kernel/ns_last_pid", "latin1"), 10) || 0;
  } catch {
    return 0;
  }
}

/** The process group of `pid` (or "self"), from /proc/<pid>/stat, where it is the third field after the command's closing parenthesis. */
function groupOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
    return Number.isSafeInteger(group) ? group : null;
  } catch {
    return null;
  }
}

/** Reused by every scan: most environments are a few KB, and decoding none of them is what makes a scan cheap. */
const scratch = Buffer.alloc(64 * 1024);

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
