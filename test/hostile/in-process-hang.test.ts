import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastLine, PRUNERS, readReports, readSummary, spawnCli, STACK_FRAME, tempDir } from "../cli/helpers.ts";

const SPINS = join(PRUNERS, "spins.ts");

describe("an in-process pruner that spins is contained like a process (issue 33)", () => {
  it("is a timeout finding naming the request, shrunk to the two spans it needs, with summary.json", async () => {
    const out = tempDir();
    const args = ["run", "--impl", SPINS, "--timeout-ms", "300", "--runs", "10", "--seed", "3", "--property", "precondition-recoverable", "--out", out];
    const result = await spawnCli(args);

    expect(result.stdout).not.toMatch(STACK_FRAME);
    expect(result.code).toBe(1);
    expect(lastLine(result.stdout)).toMatch(/^prunecheck: spins VIOLATES adapter-protocol at core /);
    expect(readSummary(out).violations).toEqual(["adapter-protocol"]);
    const [{ report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
    expect(report.finding.message).toMatch(/adapter fault \[timeout\].*prune request \d+: no answer within \d+ ms, so the pruner's thread was stopped/);
    const failed = report.requests.at(-1);
    expect(failed !== undefined && "window" in failed ? failed.window.spans : []).toHaveLength(2);
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s while it spins: exit %i within seconds, with summary.json", async (signal, code) => {
    const out = tempDir();
    let pid = 0;
    const running = spawnCli(["run", "--impl", SPINS, "--timeout-ms", "600000", "--runs", "1000", "--out", out], { onSpawn: (spawned) => (pid = spawned) });
    // Long enough for the pruner's thread to start and to meet a two-span window.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const sent = performance.now();
    process.kill(pid, signal);
    const result = await running;

    expect(performance.now() - sent).toBeLessThan(5000);
    expect([result.code, result.signal]).toEqual([code, null]);
    expect(readSummary(out)).toMatchObject({ implementation: "spins", interrupted: true });
  });
});
