import { readdirSync, readFileSync } from "node:fs";

/**
 * Processes still running whose environment holds `marker` (`NAME=value`), or zombies of ours (an
 * orphan's zombie is its new parent's to reap). Polls for up to two seconds, since a killed process
 * takes a moment to go. Linux only (it reads /proc); elsewhere it finds nothing.
 */
export async function leftoverProcesses(marker: string): Promise<string[]> {
  if (process.platform !== "linux") return [];
  let found: string[] = [];
  for (let attempt = 0; attempt < 40; attempt += 1) {
    found = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          if (!readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(marker)) return [];
          const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
          const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
          if (state === "Z" && Number(parent) !== process.pid) return [];
          return [`${pid} (${state}): ${readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ")}`];
        } catch {
          return [];
        }
      });
    if (found.length === 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return found;
}
