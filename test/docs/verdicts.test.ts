import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Matrix } from "../../src/matrix/data.ts";
import { classificationGaps, failedCells, FINDINGS, readVerdicts, withVerdicts } from "../../field/verdicts.ts";

/**
 * Every violation of a library's own `compact` in the committed matrix is told as the library's fault, a
 * documented design choice, or a stand-in of the adapter or harness (field/verdicts.json); every fault
 * names a standalone reproduction that exists; docs/findings.md shows exactly that classification.
 */
const root = new URL("../../", import.meta.url);
const verdicts = readVerdicts(root);
const matrix = Matrix.parse(JSON.parse(readFileSync(new URL("docs/matrix/matrix.json", root), "utf8")));

describe("field/verdicts.json", () => {
  it("classifies every compact-only library row of the matrix", () => {
    const rows = matrix.columns.map((column) => column.name).filter((name) => name.endsWith("-compact-only"));
    expect(Object.keys(verdicts.implementations).sort()).toEqual(rows.sort());
  });

  it("classifies exactly the violations the matrix records, with reasons it defines", () => {
    expect(classificationGaps(verdicts, failedCells(matrix, Object.keys(verdicts.implementations)))).toEqual([]);
  });

  it("names, for every fault, reproductions that exist", () => {
    const missing = Object.values(verdicts.implementations)
      .flatMap((entries) => Object.values(entries))
      .flatMap((entry) => (typeof entry === "object" && entry.kind === "fault" ? entry.reproductions : []))
      .filter((path) => !existsSync(new URL(`field/${path}`, root)));
    expect(missing).toEqual([]);
  });

  it("is what docs/findings.md's verdicts section shows (npx tsx field/write-verdicts.ts)", () => {
    const findings = readFileSync(new URL(FINDINGS, root), "utf8");
    expect(withVerdicts(findings, verdicts)).toBe(findings);
  });
});
