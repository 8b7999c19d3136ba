import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { cli, ROOT, readSummary, spawnCli, tempDir } from "../cli/helpers.ts";
import { busy, FIXTURES, hangingTree, newTree, stillRunning, stopsBeating, treeCommand, treePids, until } from "./processes-helpers.ts";

/** Long enough that only the signal can end the request in flight. */
const NEVER = ["--timeout-ms", "60000"];

describe.concurrent("an adapter's process tree ends with prunecheck run", () => {
  it("SIGHUP (the terminal closed): exit 129, summary.json says interrupted, no process of the tree left", async ({ expect, onTestFinished }) => {
    const tree = newTree(onTestFinished);
    const out = tempDir();
    let pid = 0;
    const running = spawnCli(["run", "--cmd", hangingTree(tree), ...NEVER, "--seed", "3", "--out", out], { onSpawn: (spawned) => (pid = spawned) });
    await busy(tree);
    process.kill(pid, "SIGHUP");
    const result = await running;

    expect(result.stderr).toBe("");
    expect([result.code, result.signal]).toEqual([129, null]);
    expect(readSummary(out)).toMatchObject({ implementation: "hang-sh", interrupted: true, violations: [] });
    expect(await stillRunning(treePids(tree))).toEqual([]);
  });

  it("kill -9 of prunecheck: the adapter, its grandchild and its setsid'd escapee are gone within seconds", async ({ expect, onTestFinished }) => {
    const tree = newTree(onTestFinished);
    let pid = 0;
    const running = spawnCli(["run", "--cmd", hangingTree(tree), ...NEVER, "--out", tempDir()], { onSpawn: (spawned) => (pid = spawned) });
    await busy(tree);
    process.kill(pid, "SIGKILL");
    expect((await running).signal).toBe("SIGKILL");

    // Nothing in prunecheck runs after SIGKILL: only its watchdog can have done this.
    expect(await stillRunning(treePids(tree), 10_000)).toEqual([]);
  });

  it("a normal run: the setsid'd escapee of every adapter start is gone when run returns", async ({ expect, onTestFinished }) => {
    const tree = newTree(onTestFinished);
    const echo = `"${process.execPath}" "${join(ROOT, "test", "fixtures", "adapters", "echo-ok.mjs")}"`;
    const run = await cli([
      "run",
      "--cmd",
      treeCommand(tree, echo),
      "--property",
      "precondition-recoverable",
      "--runs",
      "5",
      "--seed",
      "1",
      "--out",
      tempDir(),
    ]);

    expect(run.errors).toEqual([]);
    expect(run.code).toBe(0);
    expect(treePids(tree).length).toBeGreaterThanOrEqual(3);
    expect(await stillRunning(treePids(tree))).toEqual([]);
  });

  it.for(["SIGINT", "SIGKILL"] as const)(
    "%s of prunecheck: a descendant forking into a new session every few milliseconds is gone within seconds (issue 33)",
    async (signal, { expect, onTestFinished }) => {
      const dir = tempDir();
      const [beat, ready] = [join(dir, "beat"), join(dir, "ready")];
      // The hopper ends by itself after HOP_LIFETIME: a failing test leaves none behind for long.
      const env = { HOP_SETSID: "1", HOP_LIFETIME: "30" };
      onTestFinished(() => until("the hopper ending by itself", () => !existsSync(beat) || statSync(beat).mtimeMs < Date.now() - 2000, 40_000));
      const adapter = `sh "${join(FIXTURES, "hopper.sh")}" "${beat}" "${ready}"`;
      let pid = 0;
      const running = spawnCli(["run", "--cmd", adapter, ...NEVER, "--out", tempDir()], { env, onSpawn: (spawned) => (pid = spawned) });
      await until("the hopper beating", () => existsSync(ready));
      process.kill(pid, signal);
      await running;

      // After SIGKILL nothing in prunecheck runs: its watchdog did this.
      expect(await stopsBeating(beat, 10_000)).toBe(true);
    },
  );
});
