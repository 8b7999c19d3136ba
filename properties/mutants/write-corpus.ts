/**
 * Seeds the regression corpus (fuzz/corpus) with each mutant's shrunk killer report, targeted at the
 * mutant's own module, so every test run replays them (fuzz/regression-corpus.test.ts): each must still
 * fail on its mutant and pass on the reference. Rerun after a generator change, since a report replays by
 * seed and path: `npx tsx properties/mutants/write-corpus.ts` from the repository root.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { addToCorpus, loadCorpus } from "../../src/engine/corpus.ts";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { checkProperty } from "../../src/models/run.ts";
import { buildReport } from "../../src/reports/build.ts";
import { PROPERTIES } from "../index.ts";
import { mutantTarget } from "./catalog-target.ts";
import { MUTANTS } from "./index.ts";
import { DEFAULT_RUN_OPTIONS } from "./table.ts";

const CORPUS = "fuzz/corpus";

// Stale mutant entries (from before a generator change) are replaced, other targets' entries kept.
for (const entry of (await loadCorpus(CORPUS)).entries) {
  const target = entry.report.implementation.target;
  if (target.kind === "impl" && target.path.startsWith("properties/mutants/")) await rm(join(CORPUS, entry.file));
}

let written = 0;
// A big-window mutant's entry would be megabytes, and replaying its shrink path takes minutes (see the corpus test).
for (const mutant of MUTANTS.filter((each) => each.needsBigWindows !== true)) {
  const driver = inProcessDriver(mutant.pruner);
  for (const id of mutant.expectedProperties) {
    const property = PROPERTIES.find((candidate) => candidate.id === id);
    if (property === undefined) continue;
    const result = await checkProperty(driver, property, { level: mutant.level, seed: DEFAULT_RUN_OPTIONS.seed, numRuns: DEFAULT_RUN_OPTIONS.killerRuns });
    if (result.status !== "failed") continue;
    const implementation = { name: driver.name, capabilities: driver.capabilities, target: mutantTarget(mutant) };
    written += (await addToCorpus(CORPUS, [buildReport(result, implementation, { outDir: CORPUS, now: new Date(0) })])).length;
    break;
  }
  await driver.close();
}
process.stdout.write(`wrote ${written} mutant counterexamples to ${CORPUS}\n`);
