import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ADAPTER_TAG, killTagged, newTag } from "./process-tag.ts";

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
});
