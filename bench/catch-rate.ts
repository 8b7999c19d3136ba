/**
 * `npx tsx bench/catch-rate.ts [mutant-id…]`: how often a default run catches each catalog mutant (or the
 * ones named), over seeds 1 to 20, and how long a default run of the reference takes. A default run is
 * `prunecheck run`'s: every applicable property on one shared stream of 200 runs and the big-window runs
 * after it, at the mutant's level (core, the default, for a core mutant; strict for a strict one, whose
 * fault is legal at core). Caught means some property failed; the table also counts the seeds at which one
 * of the mutant's expected properties failed (the diagnosis the catalog demands), and names the first
 * failing property in catalog order.
 * Prints a Markdown table for docs/performance.md. A one-off measurement, not part of `npm test`: it runs a
 * default run per mutant and seed, about fifteen minutes for the whole catalog. The compares-prefix mutants' rates are
 * also a test (properties/mutants/catch-rate.test.ts).
 */
import { referencePruner } from "../src/reference/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import { CATCH_SEEDS, defaultRunFailures } from "../properties/mutants/_internals/catch-rate.ts";

const NAMED = process.argv.slice(2);
const unknown = NAMED.filter((id) => !MUTANTS.some((mutant) => mutant.id === id));
if (unknown.length > 0) throw new Error(`no catalog mutant ${unknown.join(", ")} (properties/mutants/index.ts)`);
const CHECKED = NAMED.length === 0 ? MUTANTS : MUTANTS.filter((mutant) => NAMED.includes(mutant.id));

const rows: string[] = [];
let worst = CATCH_SEEDS.length;
for (const mutant of CHECKED) {
  const started = performance.now();
  const missed: number[] = [];
  let diagnosed = 0;
  const killers = new Map<string, number>();
  for (const seed of CATCH_SEEDS) {
    const failed = await defaultRunFailures(mutant.pruner, mutant.level, seed);
    const first = failed[0];
    if (first === undefined) missed.push(seed);
    else killers.set(first, (killers.get(first) ?? 0) + 1);
    if (failed.some((id) => mutant.expectedProperties.includes(id))) diagnosed++;
  }
  worst = Math.min(worst, CATCH_SEEDS.length - missed.length);
  const by = [...killers].map(([id, count]) => `\`${id}\` ${count}`).join(", ");
  rows.push(
    `| \`${mutant.id}\` | ${mutant.level} | ${CATCH_SEEDS.length - missed.length} of ${CATCH_SEEDS.length} | ${diagnosed} | ${missed.length === 0 ? "—" : missed.join(", ")} | ${by} |`,
  );
  process.stderr.write(`${rows.at(-1)} ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
const times: number[] = [];
for (const seed of CATCH_SEEDS.slice(0, 3)) {
  const started = performance.now();
  await defaultRunFailures(referencePruner, "core", seed);
  times.push((performance.now() - started) / 1000);
}
process.stdout.write(
  [
    `| mutant | level | caught (seeds 1–${CATCH_SEEDS.length}) | by an expected property | missed at seeds | first failing property (catalog order) |`,
    "| --- | --- | ---: | ---: | --- | --- |",
    ...rows,
    "",
    `Fewest seeds caught: ${worst} of ${CATCH_SEEDS.length}. A default run of the reference (no shrinking) at seeds 1–3: ${times.map((seconds) => seconds.toFixed(1)).join(", ")} s.`,
    "",
  ].join("\n"),
);
