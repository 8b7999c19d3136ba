/**
 * `npx tsx bench/catch-rate.ts [mutant-id…]`: how often a default run catches each catalog mutant (or the
 * ones named), over seeds 1 to 20, and how long a default run of the reference takes. A default run is
 * `prunecheck run`'s: every applicable property on one shared stream of 200 runs and the big-window runs
 * after it, at the mutant's level (core, the default, for a core mutant; strict for a strict one, whose
 * fault is legal at core). Caught means some property failed; the table also counts the seeds at which one
 * of the mutant's expected properties failed (the diagnosis the catalog demands), and names the first
 * failing property in catalog order.
 * Prints a Markdown table for docs/performance.md. A one-off measurement, not part of `npm test`: it runs a
 * default run per mutant and seed, about fifteen minutes for the whole catalog.
 */
import { inProcessDriver } from "../src/transport/in-process.ts";
import { appliesTo, type Level } from "../src/models/property.ts";
import { checkTogether } from "../src/models/joint.ts";
import { bigWindowRunsFor } from "../src/models/run.ts";
import { referencePruner } from "../src/reference/index.ts";
import type { Pruner } from "../src/transport/pruner.ts";
import { PROPERTIES } from "../properties/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";

const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1);
const DEFAULT_RUNS = 200;
const NAMED = process.argv.slice(2);
const unknown = NAMED.filter((id) => !MUTANTS.some((mutant) => mutant.id === id));
if (unknown.length > 0) throw new Error(`no catalog mutant ${unknown.join(", ")} (properties/mutants/index.ts)`);
const CHECKED = NAMED.length === 0 ? MUTANTS : MUTANTS.filter((mutant) => NAMED.includes(mutant.id));

/** The properties a default run at this seed fails, in catalog order; no shrinking, since only the verdicts count. */
async function failedAt(pruner: Pruner, level: Level, seed: number): Promise<string[]> {
  const driver = inProcessDriver(pruner);
  try {
    const applicable = PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities));
    const options = { level, numRuns: DEFAULT_RUNS, bigWindowRuns: bigWindowRunsFor(DEFAULT_RUNS), seed, shrinkBudget: 0 };
    const failed: string[] = [];
    for await (const result of checkTogether(driver, applicable, options)) if (result.status === "failed") failed.push(result.property);
    return failed;
  } finally {
    await driver.close();
  }
}

const rows: string[] = [];
let worst = SEEDS.length;
for (const mutant of CHECKED) {
  const started = performance.now();
  const missed: number[] = [];
  let diagnosed = 0;
  const killers = new Map<string, number>();
  for (const seed of SEEDS) {
    const failed = await failedAt(mutant.pruner, mutant.level, seed);
    const first = failed[0];
    if (first === undefined) missed.push(seed);
    else killers.set(first, (killers.get(first) ?? 0) + 1);
    if (failed.some((id) => mutant.expectedProperties.includes(id))) diagnosed++;
  }
  worst = Math.min(worst, SEEDS.length - missed.length);
  const by = [...killers].map(([id, count]) => `\`${id}\` ${count}`).join(", ");
  rows.push(
    `| \`${mutant.id}\` | ${mutant.level} | ${SEEDS.length - missed.length} of ${SEEDS.length} | ${diagnosed} | ${missed.length === 0 ? "—" : missed.join(", ")} | ${by} |`,
  );
  process.stderr.write(`${rows.at(-1)} ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
const times: number[] = [];
for (const seed of SEEDS.slice(0, 3)) {
  const started = performance.now();
  await failedAt(referencePruner, "core", seed);
  times.push((performance.now() - started) / 1000);
}
process.stdout.write(
  [
    `| mutant | level | caught (seeds 1–${SEEDS.length}) | by an expected property | missed at seeds | first failing property (catalog order) |`,
    "| --- | --- | ---: | ---: | --- | --- |",
    ...rows,
    "",
    `Fewest seeds caught: ${worst} of ${SEEDS.length}. A default run of the reference (no shrinking) at seeds 1–3: ${times.map((seconds) => seconds.toFixed(1)).join(", ")} s.`,
    "",
  ].join("\n"),
);
