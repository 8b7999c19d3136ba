import { describe, expect, it } from "vitest";
import { referencePruner } from "../../src/reference/index.ts";
import { catalogPruner, mutantTarget } from "./catalog-target.ts";
import { MUTANTS } from "./index.ts";

describe("catalogPruner: what a corpus entry may make npm test run", () => {
  it("maps the reference and every catalog mutant's module to the pruner already loaded", () => {
    expect(catalogPruner({ kind: "reference" })).toBe(referencePruner);
    for (const mutant of MUTANTS) expect(catalogPruner(mutantTarget(mutant)), mutant.id).toBe(mutant.pruner);
  });

  it("maps a recorded report to the catalog pruner of the name it was recorded from, and no other name", () => {
    for (const mutant of MUTANTS) expect(catalogPruner({ kind: "recorded" }, mutant.pruner.name), mutant.id).toBe(mutant.pruner);
    expect(catalogPruner({ kind: "recorded" }, referencePruner.name)).toBe(referencePruner);
    expect(catalogPruner({ kind: "recorded" }, "naive-python")).toBeNull();
    expect(catalogPruner({ kind: "recorded" })).toBeNull();
  });

  it.each([
    ["a command", { kind: "cmd", command: "id > pwned.txt; python3 a.py" }],
    ["a module outside the catalog", { kind: "impl", path: "evil.mjs" }],
    ["a path that climbs out of the catalog", { kind: "impl", path: "properties/mutants/../../evil.ts" }],
    ["a catalog path spelled another way", { kind: "impl", path: "./properties/mutants/stale-key-accepted.ts" }],
    ["an absolute path", { kind: "impl", path: "/tmp/properties/mutants/stale-key-accepted.ts" }],
  ] as const)("names nothing to run for %s", (_what, target) => {
    expect(catalogPruner(target)).toBeNull();
  });
});
