/**
 * `npx tsx bench/prefix-catch.ts [mutant-id…]`: how often a default run (`prunecheck run`: core, 200 runs of
 * every applicable property, one seed) catches each compares-prefix mutant (or the catalog mutants named),
 * over seeds 1 to 20, and how long a default run of the reference takes. Prints a Markdown table for
 * docs/performance.md. A one-off measurement, not part of `npm test`: it runs a hundred default runs.
 * Of the mutants issue 17 added on 2026-12-06, pointer-by-text was caught in 7 of 20; the others in 20.
 */
import { inProcessDriver } from "../src/transport/in-process.ts";
import { appliesTo } from "../src/models/property.ts";
import { checkProperty } from "../src/models/run.ts";
import { referencePruner } from "../src/reference/index.ts";
import type { Pruner } from "../src/transport/pruner.ts";
import { PROPERTIES } from "../properties/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";

const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1);
const DEFAULT_RUNS = 200;
const NAMED = process.argv.slice(2);
const unknown = NAMED.filter((id) => !MUTANTS.some((mutant) => mutant.id === id));
if (unknown.length > 0) throw new Error(`no catalog mutant ${unknown.join(", ")} (properties/mutants/index.ts)`);
const CHECKED = MUTANTS.filter((mutant) => (NAMED.length === 0 ? mutant.id.startsWith("compares-prefix") : NAMED.includes(mutant.id)));

/** The first property a default run at this seed fails, or null; no shrinking, since only the verdict counts. */
async function caughtBy(pruner: Pruner, seed: number): Promise<string | null> {
  const driver = inProcessDriver(pruner);
  try {
    for (const property of PROPERTIES) {
      if (!appliesTo(property, "core", driver.capabilities)) continue;
      const result = await checkProperty(driver, property, { level: "core", numRuns: DEFAULT_RUNS, seed, shrinkBudget: 0 });
      if (result.status === "failed") return property.id;
    }
    return null;
  } finally {
    await driver.close();
  }
}

const rows: string[] = [];
for (const mutant of CHECKED) {
  const missed: number[] = [];
  const killers = new Map<string, number>();
  for (const seed of SEEDS) {
    const killer = await caughtBy(mutant.pruner, seed);
    if (killer === null) missed.push(seed);
    else killers.set(killer, (killers.get(killer) ?? 0) + 1);
    process.stderr.write(".");
  }
  const by = [...killers].map(([id, count]) => `\`${id}\` ${count}`).join(", ");
  rows.push(`| \`${mutant.id}\` | ${SEEDS.length - missed.length} of ${SEEDS.length} | ${missed.length === 0 ? "—" : missed.join(", ")} | ${by} |`);
}
const times: number[] = [];
for (const seed of SEEDS.slice(0, 5)) {
  const started = performance.now();
  await caughtBy(referencePruner, seed);
  times.push((performance.now() - started) / 1000);
}
process.stderr.write("\n");
process.stdout.write(
  [
    `| mutant | caught (seeds 1–${SEEDS.length}) | missed at seeds | first failing property |`,
    "| --- | ---: | --- | --- |",
    ...rows,
    "",
    `A default run of the reference at seeds 1–5: ${times.map((seconds) => seconds.toFixed(1)).join(", ")} s.`,
    "",
  ].join("\n"),
);
