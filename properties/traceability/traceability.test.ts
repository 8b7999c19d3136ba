import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderTraceability, spaceRows, TRACEABILITY_DOC, WRITE_COMMAND } from "./render.ts";
import { measureReach, readDocRules, rulesInDoc, strayIds, traceRows } from "./table.ts";

const root = new URL("../../", import.meta.url);

describe("every documented rule is traced to what checks it", async () => {
  const rules = readDocRules(root);
  const reached = await measureReach();
  const rows = traceRows(rules, reached);

  it("reads an anchor's id, and flags one whose label differs", () => {
    expect(rulesInDoc("d.md", 'x\n<a id="p-a"></a>`[p-a]` MUST\n<a id="p-b"></a>`[p-c]`').map((rule) => [rule.id, rule.line])).toEqual([
      ["p-a", 2],
      ["p-b≠p-c", 3],
    ]);
  });

  it("gives every rule one id, matched by its label, and names no rule the docs lack", () => {
    const ids = rules.map((rule) => rule.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index || id.includes("≠"))).toEqual([]);
    expect(strayIds(rules)).toEqual([]);
  });

  // Open gaps, each a rule still unchecked: none. A ratchet: a new unchecked rule fails, and so would a
  // listed one that had been closed, so the list can only shrink.
  const OPEN_GAPS: readonly string[] = [];

  it("leaves no rule unchecked unless it is marked not checkable, with a reason, or listed as an open gap", () => {
    expect(rows.filter((rule) => rule.gaps.length > 0).map((rule) => `${rule.id}: ${rule.gaps.join("; ")}`)).toEqual(OPEN_GAPS);
  });

  it(`matches ${TRACEABILITY_DOC} (regenerate with ${WRITE_COMMAND})`, () => {
    expect(readFileSync(new URL(TRACEABILITY_DOC, root), "utf8")).toBe(renderTraceability(rows, reached));
  });

  // Issue 47: the model's answers range over what real models say, and every way of straying is met.
  it("reaches every dimension of the model's answers and of the requests in a default run", () => {
    expect(
      spaceRows(reached)
        .filter((each) => each.reached === 0)
        .map((each) => each.name),
    ).toEqual([]);
  });
});
