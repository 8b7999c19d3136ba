import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../src/adapters/in-process.ts";
import { openTarget } from "../src/cli/target.ts";
import { referencePruner } from "../src/reference/index.ts";
import { PROPERTIES } from "../properties/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import { loadCorpus, type CorpusEntry } from "./corpus.ts";
import { replayEntry } from "./replay-entry.ts";

/**
 * The regression corpus, replayed on every test run (like Hypothesis's example database): each saved
 * counterexample must still fail on the implementation it was found on, and the reference must pass it.
 * A corpus entry that stops failing means a generator change made it stale (rerun
 * properties/mutants/write-corpus.ts) or a property lost its bite (a bug).
 */
const { entries, skipped } = await loadCorpus("fuzz/corpus");

async function replay(entry: CorpusEntry, driver: Awaited<ReturnType<typeof openTarget>>) {
  const { report } = entry;
  return replayEntry(driver, entry, {
    properties: PROPERTIES,
    level: report.level,
    implementation: { name: driver.name, capabilities: driver.capabilities, target: report.implementation.target },
    outDir: "fuzz/corpus",
  });
}

describe("the regression corpus", () => {
  it("holds only reports, at least one per mutant in the catalog", () => {
    expect(skipped).toEqual([]);
    const mutantFiles = new Set(entries.map((entry) => entry.report.implementation.target).flatMap((target) => (target.kind === "impl" ? [target.path] : [])));
    for (const mutant of MUTANTS) expect(mutantFiles, mutant.id).toContain(`properties/mutants/${mutant.id}.ts`);
  });

  describe.each(entries.map((entry) => [entry.file, entry] as const))("%s", (_file, entry) => {
    it("still fails on the implementation it was found on", async () => {
      const driver = await openTarget(entry.report.implementation.target, { timeoutMs: 5000 });
      try {
        const outcome = await replay(entry, driver);
        expect(outcome.verdict).toBe("still-fails");
        if (outcome.verdict === "still-fails") expect(outcome.report.property.id).toBe(entry.report.property.id);
      } finally {
        await driver.close();
      }
    });

    it("passes on the reference", async () => {
      const outcome = await replay(entry, inProcessDriver(referencePruner));
      expect(outcome.verdict).toBe("passes");
    });
  });
});
