import type { Pruner } from "../../src/transport/pruner.ts";
import { referenceModelPruner, referencePruner, referenceWith } from "../../src/reference/index.ts";
import type { Target } from "../../src/reports/report.ts";
import { MUTANTS } from "./index.ts";
import type { Mutant } from "./mutant.ts";

/** How a report names a catalog mutant: its module, as `prunecheck run --impl` would load it. */
export function mutantTarget(mutant: Mutant): Extract<Target, { kind: "impl" }> {
  return { kind: "impl", path: `properties/mutants/${mutant.id}.ts` };
}

/**
 * The pruner a corpus entry's target names (or, for one found in a recorded trace, its implementation's
 * name), if it is the reference or a catalog mutant; null for anything else. Only exact catalog paths match, and the pruner comes from the catalog already loaded, never from
 * importing the path: a corpus file in a pull request must not choose what `npm test` runs.
 */
export function catalogPruner(target: Target, name?: string): Pruner | null {
  if (target.kind === "reference") return referenceWith(target.capabilities);
  // A report found in a recorded trace names what was recorded by its hello name alone.
  if (target.kind === "recorded")
    return [referencePruner, referenceModelPruner, ...MUTANTS.map((mutant) => mutant.pruner)].find((pruner) => pruner.name === name) ?? null;
  if (target.kind !== "impl") return null;
  return MUTANTS.find((mutant) => mutantTarget(mutant).path === target.path)?.pruner ?? null;
}
