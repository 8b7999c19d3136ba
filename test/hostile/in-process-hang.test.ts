import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastLine, PRUNERS, readReports, readSummary, spawnCli, STACK_FRAME, stopWhenPrinted, tempDir } from "../cli/helpers.ts";

const SPINS = join(PRUNERS, "spins.mjs");

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
    const args = ["run", "--impl", SPINS, "--timeout-ms", "600000", "--runs", "1000", "--out", out];
    const result = await stopWhenPrinted(args, "spins: spinning", signal);

    expect(result.stopMs).toBeLessThan(5000);
    expect([result.code, result.signal]).toEqual([code, null]);
    expect(readSummary(out)).toMatchObject({ implementation: "spins", interrupted: true });
  });
});
