/**
 * Regenerates the verdicts section of docs/findings.md from field/verdicts.json, after checking that it
 * classifies exactly the violations of docs/matrix/matrix.json. Run from the repository root with
 * `npx tsx field/write-verdicts.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Matrix } from "../src/matrix/data.ts";
import { classificationGaps, failedCells, FINDINGS, readVerdicts, withVerdicts } from "./verdicts.ts";

const root = new URL("../", import.meta.url);
const verdicts = readVerdicts(root);
const matrix = Matrix.parse(JSON.parse(readFileSync(new URL("docs/matrix/matrix.json", root), "utf8")));
const gaps = classificationGaps(verdicts, failedCells(matrix, Object.keys(verdicts.implementations)));
writeFileSync(new URL(FINDINGS, root), withVerdicts(readFileSync(new URL(FINDINGS, root), "utf8"), verdicts));
process.stdout.write(gaps.length === 0 ? `wrote the verdicts section of ${FINDINGS}\n` : `wrote ${FINDINGS}; ${gaps.join("; ")}\n`);
if (gaps.length > 0) process.exitCode = 1;
