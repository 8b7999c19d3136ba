import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, stillBeating, until } from "../../test/hostile/processes-helpers.ts";
import { ADAPTER_TAG, killTagged, newTag } from "./process-tag.ts";

const HOP = join(FIXTURES, "hop.py");

/** A sleep carrying `tag` (and `padding` bytes of other environment before it), resolved once it runs. */
async function tagged(tag: string, padding = 0): Promise<{ readonly pid: number; readonly exited: Promise<NodeJS.Signals | null> }> {
  const child = spawn("sleep", ["30"], { stdio: "ignore", env: { PADDING: "x".repeat(padding), [ADAPTER_TAG]: tag } });
  await new Promise((resolve) => child.once("spawn", resolve));
  return { pid: child.pid as number, exited: new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal))) };
}

describe.runIf(process.platform === "linux")("killTagged", () => {
  it("kills every process whose tag starts with the prefix, whatever the size of its environment, and spares the rest", async () => {
    const [one, twelve] = [newTag(), newTag()];
    const small = await tagged(one);
    const large = await tagged(one, 100_000);
    const other = await tagged(twelve);
    // Tags end in a dot, so `.1.` is never a prefix of `.12.`: check the pair this test holds.
    expect(twelve.startsWith(one)).toBe(false);
    try {
      killTagged(one);
      expect(await small.exited).toBe("SIGKILL");
      expect(await large.exited).toBe("SIGKILL");
      expect(() => process.kill(other.pid, 0)).not.toThrow();
    } finally {
      killTagged(twelve);
    }
    expect(await other.exited).toBe("SIGKILL");
  });

  it.for([
    ["in one process group", "0"],
    ["in a new session at every fork", "1"],
  ] as const)("kills a descendant that forks and exits every few milliseconds, %s (issue 33)", async ([, setsid], { onTestFinished }) => {
    const tag = newTag();
    const beat = join(mkdtempSync(join(tmpdir(), "prunecheck-hop-")), "beat");
    const hopper = spawn("python3", [HOP, beat], { stdio: "ignore", env: { ...process.env, [ADAPTER_TAG]: tag, HOP_SETSID: setsid, HOP_LIFETIME: "20" } });
    onTestFinished(() => void killTagged(tag));
    await new Promise((resolve) => hopper.once("exit", resolve));
    await until("the hopper beating", () => existsSync(beat));

    expect(killTagged(tag)).toBeGreaterThan(0);
    expect(await stillBeating(beat)).toBe(false);
  });
});
