import { readFileSync } from "node:fs";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import type { Property } from "../../src/models/property.ts";
import { checkProperty } from "../../src/models/run.ts";
import type { Truth } from "../../src/models/truth.ts";
import { referenceModelPruner } from "../../src/reference/index.ts";
import { CATALOG } from "../index.ts";
import { MUTANTS } from "../mutants/index.ts";
import { REACH, type ReachName } from "./reach.ts";
import { RULES } from "./rules.ts";

export const DOCS = ["docs/protocol.md", "docs/spec.md"] as const;
/** Scenarios sampled to measure reach: as many as a default run gives each property, at a fixed seed. */
export const REACH_RUNS = 200;
export const REACH_SEED = 20261113;

export interface DocRule {
  readonly id: string;
  readonly doc: string;
  readonly line: number;
}

/** Every rule id anchored in a doc, as `<a id="x"></a>` followed by `` `[x]` ``. */
export function rulesInDoc(doc: string, text: string): DocRule[] {
  return [...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>`\[([a-z0-9-]+)\]`/g)].map((match) => ({
    id: match[1] === match[2] ? (match[1] as string) : `${match[1]}≠${match[2]}`,
    doc,
    line: text.slice(0, match.index).split("\n").length,
  }));
}

export function readDocRules(root: URL): DocRule[] {
  return DOCS.flatMap((doc) => rulesInDoc(doc, readFileSync(new URL(doc, root), "utf8")));
}

/**
 * Runs the generators against the model-driven reference for REACH_RUNS scenarios (strict, every capability,
 * the model's included) and counts,
 * per reach, the scenarios that sent at least one request of that shape.
 */
export async function measureReach(): Promise<ReadonlyMap<ReachName, number>> {
  const counts = new Map<ReachName, number>();
  let current: Truth | null = null;
  let seen = new Set<ReachName>();
  const flush = () => {
    for (const name of seen) counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const recorder: Property = {
    id: "reach-recorder",
    level: "core",
    requires: [],
    title: "records which requests reach which rules",
    quote: "",
    check(step) {
      // Each scenario builds a world of its own: a new truth marks the next scenario.
      if (step.truth !== current) {
        flush();
        seen = new Set();
        current = step.truth;
      }
      for (const name of Object.keys(REACH) as ReachName[]) if (REACH[name](step)) seen.add(name);
      return null;
    },
  };
  const driver = inProcessDriver(referenceModelPruner);
  await checkProperty(driver, recorder, { level: "strict", numRuns: REACH_RUNS, seed: REACH_SEED });
  await driver.close();
  flush();
  return counts;
}

export interface TraceRow extends DocRule {
  readonly properties: readonly string[];
  readonly reach: ReachName | null;
  readonly reached: number | null;
  readonly mutants: readonly string[];
  readonly notCheckable: string | null;
  /** What is missing, empty when the rule is checked (or marked not checkable). */
  readonly gaps: readonly string[];
}

export function traceRows(rules: readonly DocRule[], reached: ReadonlyMap<ReachName, number>): TraceRow[] {
  return rules.map((rule) => {
    const check = RULES[rule.id];
    const properties = CATALOG.filter((property) => property.rules?.includes(rule.id)).map((property) => property.id);
    const mutants = MUTANTS.filter((mutant) => mutant.breaks?.includes(rule.id)).map((mutant) => mutant.id);
    const killable = MUTANTS.filter((mutant) => mutant.breaks?.includes(rule.id) && mutant.expectedProperties.some((id) => properties.includes(id)));
    const reach = check !== undefined && "reach" in check ? check.reach : null;
    const count = reach === null ? null : (reached.get(reach) ?? 0);
    const notCheckable = check !== undefined && "notCheckable" in check ? check.notCheckable : null;
    const gaps =
      check === undefined
        ? ["no entry in properties/traceability/rules.ts"]
        : notCheckable !== null
          ? []
          : [
              ...(properties.length === 0 ? ["no property"] : []),
              ...(count === 0 ? ["no generated request reaches it"] : []),
              ...(killable.length === 0 ? ["no mutant that one of its properties must kill"] : []),
            ];
    return { ...rule, properties, reach, reached: count, mutants, notCheckable, gaps };
  });
}

/** Ids in rules.ts, properties or mutants that no doc anchors: a renamed or deleted rule. */
export function strayIds(rules: readonly DocRule[]): string[] {
  const known = new Set(rules.map((rule) => rule.id));
  const named = [...Object.keys(RULES), ...CATALOG.flatMap((property) => property.rules ?? []), ...MUTANTS.flatMap((mutant) => mutant.breaks ?? [])];
  return [...new Set(named.filter((id) => !known.has(id)))];
}
