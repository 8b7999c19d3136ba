/**
 * Seeds the regression corpus (fuzz/corpus) with each mutant's shrunk killer report, targeted at the
 * mutant's own module, so every test run replays them (fuzz/regression-corpus.test.ts): each must still
 * fail on its mutant and pass on the reference. Rerun after a generator change, since a report replays by
 * seed and path: `npx tsx properties/mutants/write-corpus.ts` from the repository root.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { addToCorpus, loadCorpus } from "../../src/engine/corpus.ts";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { checkProperty } from "../../src/models/run.ts";
import { buildReport } from "../../src/reports/build.ts";
import { PROPERTIES } from "../index.ts";
import { mutantTarget } from "./catalog-target.ts";
import { MUTANTS } from "./index.ts";
import { DEFAULT_RUN_OPTIONS } from "./table.ts";
import type { Mutant } from "./mutant.ts";
import type { Report } from "../../src/reports/report.ts";
import { recordPruner } from "../../src/trace/record-pruner.ts";
import { auditTrace } from "../../src/audit/audit-trace.ts";
import { exchangeReport } from "../../src/audit/run-audit.ts";
import type { OperationCall } from "../../src/wire/protocol.ts";

const CORPUS = "fuzz/corpus";
const TRACES = ".prunecheck-corpus-traces";

// Stale mutant entries (from before a generator change) are replaced, other targets' entries kept.
for (const entry of (await loadCorpus(CORPUS)).entries) {
  const { target, name } = entry.report.implementation;
  const mutants = target.kind === "impl" ? target.path.startsWith("properties/mutants/") : target.kind === "recorded" && name.startsWith("mutant:");
  if (mutants) await rm(join(CORPUS, entry.file));
}

let written = 0;
let recorded = 0;

/**
 * What an audit finds when the mutant's killer requests are recorded, as a team would record it in
 * production, then audited: the reports whose exchange breaks its property alone, which name the mutant by
 * its recorded name (fuzz/regression-corpus.test.ts replays them on it, and on the reference).
 */
async function auditedFromTrace(mutant: Mutant, killer: Report): Promise<Report[]> {
  const lines: string[] = [];
  const epoch = () => new Date(0);
  const driver = inProcessDriver(recordPruner(mutant.pruner, (line) => lines.push(line), { now: epoch }));
  for (const { id: _id, ...call } of killer.requests) await driver.send(call as OperationCall);
  // A fixed path, so the entries' origins do not change from one regeneration to the next.
  const file = join(TRACES, `${mutant.id}.jsonl`);
  await mkdir(TRACES, { recursive: true });
  await writeFile(file, `${lines.join("\n")}\n`);
  const audit = await auditTrace(file, PROPERTIES, mutant.level);
  const implementation = { name: mutant.pruner.name, capabilities: driver.capabilities, target: { kind: "recorded" as const } };
  // One entry a mutant, for the property that killed it when the recording shows it alone.
  const alone = audit.findings.filter(({ smallest }) => smallest.origin.standalone === true);
  const chosen = alone.find(({ property }) => property === killer.checked_property) ?? alone[0];
  const checked = PROPERTIES.find((candidate) => candidate.id === chosen?.property);
  return chosen === undefined || checked === undefined
    ? []
    : [await exchangeReport(checked, chosen.smallest, { level: mutant.level, outDir: CORPUS, now: epoch() }, implementation)];
}
// A big-window mutant's entry would be megabytes, and replaying its shrink path takes minutes (see the corpus test).
for (const mutant of MUTANTS.filter((each) => each.needsBigWindows !== true)) {
  const driver = inProcessDriver(mutant.pruner);
  for (const id of mutant.expectedProperties) {
    const property = PROPERTIES.find((candidate) => candidate.id === id);
    if (property === undefined) continue;
    const result = await checkProperty(driver, property, { level: mutant.level, seed: DEFAULT_RUN_OPTIONS.seed, numRuns: DEFAULT_RUN_OPTIONS.killerRuns });
    if (result.status !== "failed") continue;
    const implementation = { name: driver.name, capabilities: driver.capabilities, target: mutantTarget(mutant) };
    const report = buildReport(result, implementation, { outDir: CORPUS, now: new Date(0) });
    written += (await addToCorpus(CORPUS, [report])).length;
    recorded += (await addToCorpus(CORPUS, await auditedFromTrace(mutant, report))).length;
    break;
  }
  await driver.close();
}
await rm(TRACES, { recursive: true, force: true });
process.stdout.write(`wrote ${written} mutant counterexamples and ${recorded} found in recordings of them to ${CORPUS}\n`);
