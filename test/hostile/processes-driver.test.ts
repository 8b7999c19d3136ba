import { spawn } from "node:child_process";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, it } from "vitest";
import { KILL_GRACE_MS } from "../../src/transport/adapter-process.ts";
import { openStdioDriver } from "../../src/transport/stdio.ts";
import { AdapterFault } from "../../src/errors/adapter-fault.ts";
import type { OperationCall } from "../../src/wire/index.ts";
import { ROOT } from "../cli/helpers.ts";
import { busy, FIXTURES, newTree, stillRunning, treeCommand, treePids } from "./processes-helpers.ts";

const PRUNE: OperationCall = { op: "prune", window: { spans: [], derivation_depth: 0 }, evict_ids: [], store: {} };

describe("a stdio adapter's process tree ends with the harness", () => {
  it("an adapter whose setsid'd escapee holds the pipes, crashing on every request: no fault waits out the kill grace", async ({ expect, onTestFinished }) => {
    const tree = newTree(onTestFinished);
    const driver = await openStdioDriver({ command: treeCommand(tree, `sh "${join(FIXTURES, "crash.sh")}"`), timeoutMs: 30_000 });
    const faults = 8;
    const started = performance.now();
    for (let fault = 0; fault < faults; fault += 1) {
      const error = await driver.send(PRUNE).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error instanceof AdapterFault && error.code).toBe("crash");
    }
    const elapsed = performance.now() - started;
    await driver.close();

    // Waiting for an escapee to let go of the pipes costs a whole kill grace per fault, a lower bound
    // no machine can beat; a restart of a shell adapter costs a small fraction of one, even loaded.
    expect(elapsed).toBeLessThan(faults * KILL_GRACE_MS);
    // One tree per request, and the spare started ahead after the last fault (if it got to start before
    // close killed it): all of them gone.
    expect(treePids(tree).length).toBeGreaterThanOrEqual(faults * 3);
    expect(treePids(tree).length).toBeLessThanOrEqual((faults + 1) * 3);
    expect(await stillRunning(treePids(tree))).toEqual([]);
  });

  it("an uncaught error in the harness process: the tree, escapee included, ends with it", async ({ expect, onTestFinished }) => {
    const tree = newTree(onTestFinished);
    const child = spawn(process.execPath, ["--import", "tsx", join(FIXTURES, "busy-driver.ts"), tree.pids, tree.ready], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    await busy(tree);

    expect(await exited).toBe(1);
    expect(stderr).toContain("busy-driver.ts: an uncaught error, on purpose");
    expect(await stillRunning(treePids(tree))).toEqual([]);
  });

  it("a worker thread terminated while its adapter is busy (as a fuzz campaign stops a stuck worker): the tree ends with it", async ({
    expect,
    onTestFinished,
  }) => {
    const tree = newTree(onTestFinished);
    const worker = new Worker(join(FIXTURES, "busy-driver-thread.mjs"), { workerData: tree });
    const ready = new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    await ready;
    await worker.terminate();

    expect(treePids(tree)).toHaveLength(3);
    expect(await stillRunning(treePids(tree))).toEqual([]);
  });
});
