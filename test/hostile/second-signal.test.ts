import { describe, it } from "vitest";
import { readSummary, spawnCli, tempDir } from "../cli/helpers.ts";
import { busy, hangingTree, newTree, stillRunning, treePids } from "./processes-helpers.ts";

/**
 * A second signal exits at once; before issue 33 it left no summary.json when it came before the command
 * had written one. Both come while the adapter holds a request, one right after the other: SIGINT then
 * SIGTERM (a CI runner cancelling), since two SIGINTs pending at once are one to the kernel. Node may
 * hand them over in either order: the exit code is the first's, the message names the second.
 */
describe.concurrent("a second signal right after the first", () => {
  it.for([
    ["run", ["--runs", "1000"]],
    ["fuzz", ["--time", "5m", "--workers", "1"]],
  ] as const)(
    "%s: exit 130 or 143 at once, summary.json says interrupted with no verdict, no process of the tree left",
    async ([command, flags], { expect, onTestFinished }) => {
      const tree = newTree(onTestFinished);
      const out = tempDir();
      let pid = 0;
      const args = [
        command,
        "--cmd",
        hangingTree(tree),
        "--timeout-ms",
        "60000",
        ...flags,
        "--out",
        out,
        ...(command === "fuzz" ? ["--corpus", tempDir()] : []),
      ];
      const running = spawnCli(args, { onSpawn: (spawned) => (pid = spawned) });
      await busy(tree);
      process.kill(pid, "SIGINT");
      process.kill(pid, "SIGTERM");
      const result = await running;

      const second = /stopped at once by a second signal \((SIGINT|SIGTERM)\)/.exec(result.stderr)?.[1];
      expect(second, result.stderr).toBeDefined();
      expect([result.code, result.signal]).toEqual([second === "SIGTERM" ? 130 : 143, null]);
      const summary = readSummary(out);
      expect(summary).toMatchObject({ interrupted: true, violations: [] });
      expect(summary.results.length).toBeGreaterThan(0);
      expect(summary.results.every((line) => line.status === "interrupted")).toBe(true);
      expect(await stillRunning(treePids(tree))).toEqual([]);
    },
  );
});
