import { join } from "node:path";
import { describe, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { appliesTo } from "../../src/models/property.ts";
import { leftoverProcesses } from "../helpers/processes.ts";
import { adapterCommand, cli, lastLine, processMarker, readReports, readSummary, ROOT, spawnCli, tempDir } from "./helpers.ts";

/** Long enough that only the interruption can end the request in flight. */
const NEVER = ["--timeout-ms", "60000"];

/** Resolves once a process carrying the marker runs, and `settleMs` more (for the handshake to end). */
async function adapterStarted(marker: string, settleMs: number): Promise<void> {
  const deadline = performance.now() + 20_000;
  while ((await leftoverProcesses(marker)).length === 0) {
    if (performance.now() > deadline) throw new Error(`no adapter carrying ${marker} started within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, settleMs));
}

describe.concurrent("interrupting prunecheck run", () => {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`${signal} against a hung adapter: exit ${code}, summary.json with every property in flight interrupted, no adapter left running`, async ({
      expect,
    }) => {
      const out = tempDir();
      const marker = processMarker(`interrupt-${signal}`);
      let pid = 0;
      const running = spawnCli(["run", "--cmd", adapterCommand("hang", marker), ...NEVER, "--seed", "9", "--out", out], {
        onSpawn: (spawned) => (pid = spawned),
      });
      await adapterStarted(marker, 1500);
      const sent = performance.now();
      process.kill(pid, signal);
      const result = await running;

      expect(performance.now() - sent).toBeLessThan(5000);
      expect(result.stderr).toBe("");
      expect([result.code, result.signal]).toEqual([code, null]);
      // A stdio adapter's properties are checked side by side: all of them were in flight, none finished.
      const inFlight = PROPERTIES.filter((property) => appliesTo(property, "core", ["prune"])).length;
      expect(lastLine(result.stdout)).toMatch(
        new RegExp(`^prunecheck: hang was INTERRUPTED at core \\(${inFlight} properties checked, ${PROPERTIES.length - inFlight} skipped, `),
      );
      const summary = readSummary(out);
      expect(summary).toMatchObject({ implementation: "hang", interrupted: true, violations: [] });
      expect(summary.results.map((line) => line.status).sort()).toEqual([
        ...Array(inFlight).fill("interrupted"),
        ...Array(PROPERTIES.length - inFlight).fill("skipped"),
      ]);
      expect(await leftoverProcesses(marker)).toEqual([]);
    });
  }

  it("while the handshake hangs: exit 130 at once, one line saying nothing was checked, no adapter left", async ({ expect }) => {
    const out = tempDir();
    const marker = processMarker("interrupt-handshake");
    let pid = 0;
    const running = spawnCli(["run", "--cmd", adapterCommand("hang-handshake", marker), "--out", out], { onSpawn: (spawned) => (pid = spawned) });
    await adapterStarted(marker, 200);
    process.kill(pid, "SIGINT");
    const result = await running;

    expect(result.code).toBe(130);
    expect(result.stderr).toBe("prunecheck: interrupted by SIGINT before the implementation was ready; nothing was checked\n");
    expect(await leftoverProcesses(marker)).toEqual([]);
  });

  it("in process, through the signal main takes: a stdio run stops with the property in flight interrupted", async ({ expect }) => {
    const out = tempDir();
    const marker = processMarker("interrupt-in-process");
    const controller = new AbortController();
    const running = cli(["run", "--cmd", adapterCommand("hang", marker), ...NEVER, "--out", out], controller.signal);
    await adapterStarted(marker, 1000);
    controller.abort("SIGINT");
    const { code, lines, errors } = await running;

    expect(errors).toEqual([]);
    expect(code).toBe(130);
    expect(lines.at(-2)).toMatch(/^! [a-z-]+: interrupted: stopped before it finished, so no verdict$/);
    expect(readSummary(out).interrupted).toBe(true);
    expect(await leftoverProcesses(marker)).toEqual([]);
  });

  it("in process: an in-process pruner that never waits on I/O still stops within moments", async ({ expect }) => {
    const out = tempDir();
    const controller = new AbortController();
    const running = cli(["run", "--runs", "1000000", "--out", out], controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const aborted = performance.now();
    controller.abort("SIGINT");
    const { code } = await running;

    // A bound that tells "stops" from "ignores the signal" (that took 154 s before the event loop was
    // given a chance), with room for a loaded 2-core CI machine; not a performance measurement.
    expect(performance.now() - aborted).toBeLessThan(10_000);
    expect(code).toBe(130);
    const summary = readSummary(out);
    expect(summary.interrupted).toBe(true);
    // Every property judges the same runs, so the stop finds them all without a verdict.
    const applicable = summary.results.filter((result) => result.status !== "skipped");
    expect(applicable.length).toBeGreaterThan(0);
    expect(applicable.every((result) => result.status === "interrupted")).toBe(true);
  });

  it("in process, aborted before the adapter is ready: exit 130, one line saying nothing was checked", async ({ expect }) => {
    const marker = processMarker("interrupt-before-ready");
    const controller = new AbortController();
    controller.abort();
    const { code, lines, errors } = await cli(["run", "--cmd", adapterCommand("hang-handshake", marker), "--out", tempDir()], controller.signal);

    // An abort that names no signal counts as Ctrl-C.
    expect(code).toBe(130);
    expect(lines).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/^prunecheck: interrupted by .* before the implementation was ready; nothing was checked$/)]);
    expect(await leftoverProcesses(marker)).toEqual([]);
  });

  it("in process: a replay interrupted before its verdict exits 130 and claims neither pass nor fail", async ({ expect }) => {
    const out = tempDir();
    const broken = join(ROOT, "fuzz", "fixtures", "stale-key-accepted.ts");
    expect((await cli(["run", "--impl", broken, "--property", "stale-key-refused", "--runs", "200", "--seed", "1", "--out", out])).code).toBe(1);
    const [report] = readReports(out);
    const controller = new AbortController();
    controller.abort("SIGINT");
    const { code, lines } = await cli(["replay", `${report?.stem}.json`, "--trust-target"], controller.signal);

    expect(code).toBe(130);
    expect(lines.at(-1)).toMatch(/^replay stale-key-refused .*: interrupted before it finished$/);
  });
});
