import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { memoryIo } from "../console/io.ts";
import { appliesTo } from "../models/property.ts";
import { referencePruner } from "../reference/index.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { runSuite } from "./suite.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A stop that lands while the run is still starting (test/cli/interrupt.test.ts met it on a loaded CI
 * machine: a SIGINT 500 ms in): the stream judges nothing, and the summary must still name every property,
 * each interrupted or skipped, rather than stop listing at the first it never reached.
 */
describe("runSuite stopped before the stream starts", () => {
  it("records every applicable property as interrupted, the others as skipped", async () => {
    const controller = new AbortController();
    controller.abort("SIGINT");
    const io = memoryIo();
    const out = mkdtempSync(join(tmpdir(), "prunecheck-suite-interrupted-"));
    const summary = await runSuite(
      inProcessDriver(referencePruner),
      { kind: "reference" },
      { level: "core", runs: 10, seed: 1, outDir: out, properties: PROPERTIES },
      io,
      controller.signal,
    );

    expect(summary.interrupted).toBe(true);
    expect(summary.results.map((line) => line.property)).toEqual(PROPERTIES.map((property) => property.id));
    const applicable = (id: string) =>
      appliesTo(
        PROPERTIES.find((property) => property.id === id)!,
        "core",
        referencePruner.capabilities,
      );
    for (const line of summary.results) {
      expect(line.status, line.property).toBe(applicable(line.property) ? "interrupted" : "skipped");
    }
    expect(summary.results.filter((line) => line.status === "interrupted").every((line) => line.message === "stopped before it started, so no verdict")).toBe(
      true,
    );
  });
});
