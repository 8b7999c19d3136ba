import type { Pruner } from "../../src/transport/pruner.ts";
import type { Level } from "../../src/models/property.ts";
import { referenceModelPruner, referencePruner } from "../../src/reference/index.ts";

/**
 * A deliberately broken pruner: the reference with exactly one fault. The catalog is the suite's own
 * test: a property set that lets a mutant through has a hole, whatever the reference's test says.
 */
export interface Mutant {
  /** Stable, kebab-case, equal to the mutant's file name. */
  readonly id: string;
  /** The fault, in one sentence. */
  readonly description: string;
  /**
   * The lowest level at which the suite must kill it. A strict mutant must also survive core: its fault
   * is legal there, so being killed at core would mean a core property is stricter than the seed.
   */
  readonly level: Level;
  /** Property ids allowed to be the killer, at least one; a kill by any other id is a wrong diagnosis. */
  readonly expectedProperties: readonly [string, ...string[]];
  readonly pruner: Pruner;
  /**
   * The documented rule it breaks, and only that one (ids anchored in docs/protocol.md and docs/spec.md;
   * two when both state the same rule). Absent for a mutant that breaks no single written rule.
   */
  readonly breaks?: readonly string[];
  /**
   * The most spans the shrunk failing request's window may hold. Defaults to DEFAULT_MAX_WINDOW; only a
   * fault that needs a larger window to show at all raises it (its file says why).
   */
  readonly maxWindow?: number;
  /**
   * The fault shows only in windows of hundreds of spans, which a check sends only in its big-window runs
   * (see BIG_WINDOW_RUNS): the catalog gives those runs to this mutant alone, so the other thirty-odd do not
   * pay for them.
   */
  readonly needsBigWindows?: boolean;
}

/** Single-fault counterexamples should shrink to one or two spans: one at fault, one for contrast. */
export const DEFAULT_MAX_WINDOW = 2;

export function defineMutant(mutant: Mutant): Mutant {
  return mutant;
}

/** The reference with some operations replaced: every mutant starts from the correct behaviour. */
export function alterReference(id: string, overrides: Partial<Pick<Pruner, "prune" | "summarize" | "reground" | "compact">>): Pruner {
  return { ...referencePruner, ...overrides, name: `mutant:${id}` };
}

/** The model-driven reference with some operations replaced (its mutants break a guard against the model). */
export function alterModelReference(id: string, overrides: Partial<Pick<Pruner, "summarizeWithModel" | "compact">>): Pruner {
  return { ...referenceModelPruner, ...overrides, name: `mutant:${id}` };
}
