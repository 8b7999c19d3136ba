import { inProcessDriver } from "../../src/transport/in-process.ts";
import type { Level } from "../../src/models/property.ts";
import { appliesTo, type Property } from "../../src/models/property.ts";
import type { PropertyResult } from "../../src/models/run.ts";
import { bigWindowRunsFor } from "../../src/models/run.ts";
import { checkTogether } from "../../src/models/joint.ts";
import { PROPERTIES } from "../index.ts";
import type { Mutant } from "./mutant.ts";
import { DEFAULT_MAX_WINDOW } from "./mutant.ts";

/** Fixed, so the catalog's verdicts (and the generated table) are the same on every machine. */
export const MUTANT_SEED = 20261113;
/** Runs each property judges at each level in the check that the reference survives the catalog (catalog.test.ts). */
export const CATALOG_RUNS = 500;
/** Runs of every applicable property: enough to record what else a mutant breaks. */
export const MUTANT_RUNS = 60;
/**
 * Runs of the properties a mutant expects to be killed by. A check stops at its first failure, so a large
 * budget costs only what finding the fault takes; it lets rare faults (a stale copy in another Unicode
 * normalization form) be found without paying for it on every property that passes.
 */
export const KILLER_RUNS = 1000;

export interface RunOptions {
  readonly seed: number;
  readonly numRuns: number;
  readonly killerRuns: number;
}

export const DEFAULT_RUN_OPTIONS: RunOptions = { seed: MUTANT_SEED, numRuns: MUTANT_RUNS, killerRuns: KILLER_RUNS };

export type FailedResult = Extract<PropertyResult, { status: "failed" }>;

export interface MutantVerdict {
  readonly mutant: Mutant;
  /** Every property applicable at the mutant's level, in catalog order. */
  readonly results: readonly PropertyResult[];
  /** For a strict mutant, the core run it must survive; empty for a core mutant. */
  readonly belowLevel: readonly PropertyResult[];
}

/** Runs a mutant through the catalog at its level (and, for a strict mutant, at core too). */
export async function runMutant(mutant: Mutant, options: RunOptions = DEFAULT_RUN_OPTIONS): Promise<MutantVerdict> {
  const results = await checkAll(mutant, mutant.level, options);
  const belowLevel = mutant.level === "strict" ? await checkAll(mutant, "core", options) : [];
  return { mutant, results, belowLevel };
}

/**
 * Every applicable property judges one shared stream (checkTogether); the expected ones search longer. A
 * mutant whose fault needs big windows has its expected properties search them on every run, a stream of
 * its own; the others get the few big-window runs `prunecheck run` adds, as a user's run would, rather
 * than 60 slow ones.
 */
async function checkAll(mutant: Mutant, level: Level, options: RunOptions): Promise<PropertyResult[]> {
  const driver = inProcessDriver(mutant.pruner);
  const applicable = PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities));
  const expected = (property: Property) => mutant.expectedProperties.includes(property.id);
  const runsOf = (property: Property) => (expected(property) ? options.killerRuns : options.numRuns);
  const streams =
    mutant.needsBigWindows === true
      ? [
          { properties: applicable.filter(expected), options: { bigWindows: true } },
          { properties: applicable.filter((property) => !expected(property)), options: { bigWindowRuns: bigWindowRunsFor(options.numRuns) } },
        ]
      : [{ properties: applicable, options: {} }];
  const results = new Map<string, PropertyResult>();
  for (const stream of streams) {
    for await (const result of checkTogether(driver, stream.properties, { level, seed: options.seed, numRuns: options.numRuns, runsOf, ...stream.options })) {
      results.set(result.property, result);
    }
  }
  await driver.close();
  return applicable.map((property) => results.get(property.id) as PropertyResult);
}

export function failuresOf(results: readonly PropertyResult[]): FailedResult[] {
  return results.filter((result): result is FailedResult => result.status === "failed");
}

/** The property a failure is reported under: the one checked, unless the transport itself broke. */
export function failedPropertyOf(result: FailedResult): string {
  return result.violation.property.id;
}

/**
 * The failure of the first expected property (in the mutant's order, most specific first) that failed;
 * undefined if none did.
 */
export function killerOf(verdict: MutantVerdict): FailedResult | undefined {
  const failures = failuresOf(verdict.results);
  for (const id of verdict.mutant.expectedProperties) {
    const killer = failures.find((result) => failedPropertyOf(result) === id);
    if (killer !== undefined) return killer;
  }
  return undefined;
}

/** Spans in the window of the shrunk run's failing request: the trace's last request. */
export function shrunkWindowSize(result: FailedResult): number {
  const last = result.violation.trace.findLast((entry) => entry.kind === "request");
  return last?.kind === "request" ? last.exchange.request.window.spans.length : 0;
}

export function shrunkRequestCount(result: FailedResult): number {
  return result.violation.trace.filter((entry) => entry.kind === "request").length;
}

export function maxWindowOf(mutant: Mutant): number {
  return mutant.maxWindow ?? DEFAULT_MAX_WINDOW;
}

export interface MutantRow {
  readonly id: string;
  readonly description: string;
  readonly level: Level;
  /** Null when no expected property killed it: a hole in the suite. */
  readonly killedBy: string | null;
  readonly runsToFailure: number | null;
  readonly shrinks: number | null;
  readonly windowSpans: number | null;
  readonly requests: number | null;
  /** Time the killing property took to find and shrink the counterexample. */
  readonly ms: number | null;
  /** Every other property that failed too. */
  readonly alsoFailed: readonly string[];
}

export function mutantRow(verdict: MutantVerdict): MutantRow {
  const killer = killerOf(verdict);
  const { mutant } = verdict;
  return {
    id: mutant.id,
    description: mutant.description,
    level: mutant.level,
    killedBy: killer === undefined ? null : failedPropertyOf(killer),
    runsToFailure: killer?.runsToFailure ?? null,
    shrinks: killer?.shrinks ?? null,
    windowSpans: killer === undefined ? null : shrunkWindowSize(killer),
    requests: killer === undefined ? null : shrunkRequestCount(killer),
    ms: killer === undefined ? null : Math.round(killer.ms),
    alsoFailed: [
      ...new Set(
        failuresOf(verdict.results)
          .filter((result) => result !== killer)
          .map(failedPropertyOf),
      ),
    ],
  };
}

export interface TableMeta {
  readonly generatedBy: string;
  readonly date: string;
  readonly options: RunOptions;
}

export function renderMutantTable(rows: readonly MutantRow[], meta: TableMeta): string {
  const cell = (value: string | number | null) => (value === null ? "—" : String(value).replaceAll("|", "\\|"));
  const code = (value: string | null) => (value === null ? "**not killed**" : `\`${value}\``);
  return [
    "# Mutant catalog",
    "",
    "Deliberately broken pruners, each the reference with one fault (`properties/mutants/`). The suite bites",
    "only if every one of them is killed, at its level, by a property that names its fault. Each is checked",
    "against every property applicable at its level; a strict mutant must also survive core.",
    "",
    `Generated by \`${meta.generatedBy}\` on ${meta.date}, seed ${meta.options.seed}: ${meta.options.numRuns} runs of every applicable property, ${meta.options.killerRuns} of each expected one.`,
    "",
    "| mutant | fault | level | killed by | runs to failure | shrinks | shrunk window (spans) | shrunk requests | ms | also failed |",
    "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map(
      (row) =>
        `| \`${row.id}\` | ${cell(row.description)} | ${row.level} | ${code(row.killedBy)} | ${cell(row.runsToFailure)} | ${cell(row.shrinks)} | ${cell(row.windowSpans)} | ${cell(row.requests)} | ${cell(row.ms)} | ${row.alsoFailed.map((id) => `\`${id}\``).join(", ")} |`,
    ),
    "",
    "- **level**: the lowest level at which the mutant must be killed; a strict mutant survives core.",
    "- **killed by**: the first of the mutant's expected properties (most specific first) that failed.",
    "- **runs to failure**, **shrinks**, **ms**: that property's check: the run that first failed, how many",
    "  times fast-check shrank it, and how long finding and shrinking took.",
    "- **shrunk window**: spans in the window of the last request of the shrunk counterexample; **shrunk",
    "  requests**: the requests in it. A single fault should need one or two spans; `silent-truncation` needs",
    "  four, since it only truncates windows of more than three.",
    "- **also failed**: every other property the mutant broke at its level.",
    "",
  ].join("\n");
}
