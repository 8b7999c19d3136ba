import { describe, expect, it } from "vitest";
import { adapterCommand, processMarker, spawnCli, tempDir } from "./helpers.ts";
import { leftoverProcesses } from "../helpers/processes.ts";

describe("a command the tests spawn that outlives its hang guard", () => {
  it("is stopped with Ctrl-C, and the test fails naming the command and what it got to", async () => {
    const marker = processMarker("spawn-guard");
    const out = tempDir();
    // An adapter that never answers, with a per-request timeout longer than the guard: the run hangs.
    const args = ["run", "--cmd", adapterCommand("hang", marker), "--timeout-ms", "600000", "--property", "kept-untouched", "--out", out];
    const failure = await spawnCli(args, { timeoutMs: 1500 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain("prunecheck run --cmd");
    expect(message).toContain("was still running after 1500 ms (a hang guard)");
    // Ctrl-C lets it say how far it got: the property in flight, and the interrupted summary line.
    expect(message).toMatch(/kept-untouched: interrupted/);
    expect(message).toMatch(/hang was INTERRUPTED/);
    expect(await leftoverProcesses(marker)).toEqual([]);
  });
});
