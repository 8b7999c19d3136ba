import { spawn } from "node:child_process";
import type { ChildProcessByStdio } from "node:child_process";
import type { Socket } from "node:net";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { threadTagPrefix } from "./process-tag.ts";
import { moduleEntry } from "../runtime/module-entry.ts";

/**
 * Reads `+<pgid>` and `-<pgid>` lines until end of file, which comes when the thread holding the other
 * end is gone, however it went (kill -9 included); then SIGKILLs the groups still listed and, where /proc
 * exists, becomes `$2 $3 $1`: Node running sweep.ts, which kills every process whose environment
 * holds the tag prefix ($1). Ignores the signals a terminal or a CI runner sends its group (and so does
 * what it becomes), so it outlives the harness by the moment it needs.
 */
const SCRIPT = `trap '' HUP INT TERM PIPE
groups=' '
while IFS= read -r line; do
  id=\${line#?}
  case $line in
    +*) groups="$groups$id " ;;
    -*) case $groups in *" $id "*) groups="\${groups%% $id *} \${groups#* $id }" ;; esac ;;
  esac
done
for id in $groups; do kill -9 "-$id" 2>/dev/null; done
[ -d /proc/self ] || exit 0
exec "$2" "$3" "$1"`;

const SWEEP_ENTRY = fileURLToPath(moduleEntry(import.meta.url, "sweep"));

let watchdog: ChildProcessByStdio<Writable, null, null> | null = null;

/** Until `unwatch`, the group `pgid` is killed if this thread ends without killing it itself. */
export function watch(pgid: number): void {
  tell(`+${pgid}`);
}

/** The group is dead (its id may soon belong to someone else): the watchdog must forget it. */
export function unwatch(pgid: number): void {
  tell(`-${pgid}`);
}

function tell(line: string): void {
  if (process.platform === "win32") return;
  watchdog ??= start();
  watchdog.stdin.write(`${line}\n`);
}

/** One per thread, started with the first adapter: one cheap `sh` for a whole run, not one per restart. */
function start(): ChildProcessByStdio<Writable, null, null> {
  // detached: a session of its own, so the terminal's hangup or a kill of our process group spares it.
  const child = spawn("/bin/sh", ["-c", SCRIPT, "prunecheck-watchdog", threadTagPrefix(), process.execPath, SWEEP_ENTRY], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  // Without a watchdog the exit hook and terminate() still kill what they can; the next adapter tries again.
  const forget = () => {
    if (watchdog === child) watchdog = null;
  };
  child.on("error", forget);
  child.on("exit", forget);
  child.stdin.on("error", () => {});
  // Neither the process nor its pipe may keep the thread alive: the watchdog's whole job is to outlive it.
  child.unref();
  (child.stdin as unknown as Socket).unref();
  return child;
}
