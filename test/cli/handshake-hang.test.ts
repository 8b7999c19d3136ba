import { describe, it } from "vitest";
import { leftoverProcesses } from "../helpers/processes.ts";
import { adapterCommand, cli, processMarker, readSummary, STACK_FRAME, tempDir } from "./helpers.ts";

/**
 * An adapter that never answers hello: the run waits out the start timeout (10 s, whatever --timeout-ms
 * says, since a start imports things), then exits 2 as for any handshake fault (run-adapter-faults.test.ts
 * holds that path on an adapter that answers at once). In the slow lane: ten seconds of waiting, one check.
 */
describe("prunecheck run on an adapter that never answers hello", () => {
  it("hang-handshake: exits 2 after the 10 s start timeout with a one-line handshake error, a Hint and the adapter's stderr", async ({ expect }) => {
    const out = tempDir();
    const marker = processMarker("hang-handshake");
    const run = await cli(["run", "--cmd", adapterCommand("hang-handshake", marker), "--timeout-ms", "300", "--out", out]);

    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors).toHaveLength(1);
    const [headline, hint, ...stderr] = (run.errors[0] as string).split("\n");
    expect(headline).toMatch(/^prunecheck: the adapter did not answer hello with a valid protocol 1 handshake \[handshake\]: /);
    expect(headline).toContain("hello: no answer within 10000 ms");
    expect(hint).toMatch(/^Hint: /);
    expect(stderr[0]).toBe("adapter stderr (last lines):");
    expect(stderr[1]).toMatch(/^ {2}hang-handshake pid=\d+$/);
    expect(run.errors[0]).not.toMatch(STACK_FRAME);
    expect(readSummary(out).error).toMatchObject({ kind: "adapter", code: "handshake" });
    expect(await leftoverProcesses(marker)).toEqual([]);
  });
});
