/**
 * Regenerates docs/mutants.md: runs every mutant through the catalog and writes the table. Run from the
 * repository root with `npx tsx properties/mutants/write-table.ts`.
 */
import { writeFileSync } from "node:fs";
import { MUTANTS } from "./index.ts";
import { DEFAULT_RUN_OPTIONS, mutantRow, renderMutantTable, runMutant } from "./table.ts";

const OUTPUT = new URL("../../docs/mutants.md", import.meta.url);

const rows = [];
for (const mutant of MUTANTS) {
  rows.push(mutantRow(await runMutant(mutant, DEFAULT_RUN_OPTIONS)));
  process.stdout.write(".");
}
const markdown = renderMutantTable(rows, {
  generatedBy: "npx tsx properties/mutants/write-table.ts",
  date: new Date().toISOString().slice(0, 10),
  options: DEFAULT_RUN_OPTIONS,
});
writeFileSync(OUTPUT, markdown);
const holes = rows.filter((row) => row.killedBy === null).map((row) => row.id);
process.stdout.write(`\nwrote ${OUTPUT.pathname}: ${rows.length} mutants${holes.length > 0 ? `, NOT killed: ${holes.join(", ")}` : ", all killed"}\n`);
if (holes.length > 0) process.exitCode = 1;
