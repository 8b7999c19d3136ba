import { join } from "node:path";
import { describe, it } from "vitest";
import { cli, PRUNERS, readSummary, spawnCli, STACK_FRAME, stopWhenPrinted, tempDir } from "../cli/helpers.ts";

/**
 * A module whose top level never ends (issue 45): it once hung `run` with no output, ignoring --timeout-ms
 * and one SIGINT or SIGTERM for 20-30 s, and `fuzz --time 5s` for 94 s. Its load now gets the start timeout
 * an adapter's hello gets (the larger of --timeout-ms and 10 s), a thread that ends while loading is named,
 * and a signal ends the load at once.
 */
describe.concurrent("an --impl module that never finishes loading", () => {
  it.for([
    ["spins-at-load.mjs", ": the module did not finish loading within 10000 ms, so its thread was stopped\nHint: Its top level runs when prunecheck loads it"],
    // Nothing left to run, the thread ends by itself: said at once, not at the timeout.
    ["awaits-at-load.mjs", ": its thread exited (code 13) while the module loaded: a top-level await in it never settled\nHint: "],
  ] as const)("%s: run exits 2 naming it, by the start timeout, with summary.json", async ([fixture, message], { expect }) => {
    const out = tempDir();
    const started = performance.now();
    // In process: the module's thread is the only thing that spins, and the harness around it is measured.
    const result = await cli(["run", "--impl", join(PRUNERS, fixture), "--timeout-ms", "300", "--out", out]);

    expect(performance.now() - started).toBeLessThan(30_000);
    expect(result.code).toBe(2);
    expect(result.errors.join("\n")).toContain(message);
    expect(result.errors.join("\n")).not.toMatch(STACK_FRAME);
    expect(readSummary(out).error).toMatchObject({ kind: "input", code: "invalid_module" });
  });

  it("audit --impl: exits 2 naming it, with summary.json, before a trace line is read", async ({ expect }) => {
    const out = tempDir();
    const result = await cli(["audit", "--impl", join(PRUNERS, "awaits-at-load.mjs"), "/dev/null", "--out", out]);

    expect(result.code).toBe(2);
    expect(result.errors.join("\n")).toContain(": its thread exited (code 13) while the module loaded: a top-level await in it never settled\nHint: ");
    expect(readSummary(out).error).toMatchObject({ kind: "input", code: "invalid_module" });
  });

  it("fuzz: exits 2 naming it, within the start timeout, whatever its --time", async ({ expect }) => {
    const dir = tempDir();
    const started = performance.now();
    const args = [
      "fuzz",
      "--impl",
      join(PRUNERS, "spins-at-load.mjs"),
      "--time",
      "5s",
      "--workers",
      "1",
      "--timeout-ms",
      "300",
      "--out",
      join(dir, "out"),
      "--corpus",
      join(dir, "c"),
    ];
    const result = await spawnCli(args, { timeoutMs: 60_000 });

    expect(performance.now() - started).toBeLessThan(30_000);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("the module did not finish loading within 10000 ms");
  });

  it.for([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s while it loads: exit %i within seconds, with summary.json", async ([signal, code], { expect }) => {
    const out = tempDir();
    const args = ["run", "--impl", join(PRUNERS, "spins-at-load.mjs"), "--timeout-ms", "600000", "--out", out];
    const result = await stopWhenPrinted(args, "spins-at-load: spinning", signal);

    expect(result.stopMs).toBeLessThan(5000);
    expect([result.code, result.signal]).toEqual([code, null]);
    expect(readSummary(out).interrupted).toBe(true);
  });
});
