/**
 * Regenerates docs/traceability.md from the docs' rule anchors, the properties, the mutants and a measured
 * run of the generators. Run from the repository root with `npx tsx properties/traceability/write-table.ts`.
 */
import { writeFileSync } from "node:fs";
import { renderTraceability, TRACEABILITY_DOC } from "./render.ts";
import { measureReach, readDocRules, strayIds, traceRows } from "./table.ts";

const root = new URL("../../", import.meta.url);
const reached = await measureReach();
const rows = traceRows(readDocRules(root), reached);
writeFileSync(new URL(TRACEABILITY_DOC, root), renderTraceability(rows, reached));
const open = rows.filter((rule) => rule.gaps.length > 0).map((rule) => rule.id);
const stray = strayIds(rows);
process.stdout.write(
  `wrote ${TRACEABILITY_DOC}: ${rows.length} rules${open.length > 0 ? `, UNCHECKED: ${open.join(", ")}` : ", none unchecked"}${stray.length > 0 ? `; ids no doc anchors: ${stray.join(", ")}` : ""}\n`,
);
if (open.length > 0 || stray.length > 0) process.exitCode = 1;
