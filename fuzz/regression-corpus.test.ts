import { describe, expect, it } from "vitest";
import type { Driver } from "../src/transport/driver.ts";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { referencePruner } from "../src/reference/index.ts";
import { PROPERTIES } from "../properties/index.ts";
import { catalogPruner, mutantTarget } from "../properties/mutants/catalog-target.ts";
import { referenceWith } from "../src/reference/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import { loadCorpus, type CorpusEntry } from "../src/engine/corpus.ts";
import { replayEntry } from "../src/engine/replay-entry.ts";

/**
 * The regression corpus, replayed on every test run (like Hypothesis's example database): each saved
 * counterexample must still fail on the implementation it was found on, and the reference must pass it.
 * A corpus entry that stops failing means a generator change made it stale (rerun
 * properties/mutants/write-corpus.ts) or a property lost its bite (a bug). Entries may only name the
 * reference or a catalog mutant (by module, or by name for one an audit found in a recorded trace), which
 * run from the catalog in this process: an entry naming anything else (a command, another module) fails
 * here and is never run.
 */
const { entries, skipped } = await loadCorpus("fuzz/corpus");

async function replay(entry: CorpusEntry, driver: Driver) {
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
    const targets = entries.map((entry) => entry.report.implementation.target);
    // A big-window mutant's entry is megabytes long and its replay walks a long shrink path of big windows
    // (minutes): it is killed by the catalog and found by fuzz, but not kept in the corpus.
    for (const mutant of MUTANTS.filter((each) => each.needsBigWindows !== true)) expect(targets, mutant.id).toContainEqual(mutantTarget(mutant));
  });

  describe.each(entries.map((entry) => [entry.file, entry] as const))("%s", (_file, entry) => {
    it("names the reference or a catalog mutant, and still fails on it", async () => {
      const { target, name } = entry.report.implementation;
      const pruner = catalogPruner(target, name);
      expect(pruner, `${entry.file} names ${JSON.stringify(target)} (${name}), which is neither the reference nor a catalog mutant`).not.toBeNull();
      const outcome = await replay(entry, inProcessDriver(pruner ?? referencePruner));
      expect(outcome.verdict).toBe("still-fails");
      if (outcome.verdict === "still-fails") expect(outcome.report.property.id).toBe(entry.report.property.id);
    });

    it("passes on the reference", async () => {
      const outcome = await replay(entry, inProcessDriver(referenceWith(entry.report.implementation.capabilities)));
      expect(outcome.verdict).toBe("passes");
    });
  });
});
