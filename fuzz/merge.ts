import { z } from "zod";
import { InputError } from "../src/errors/input.ts";
import { CATALOG } from "../properties/index.ts";
import { RunSummary, type ResultLine } from "../src/reports/summary.ts";
import { FUZZ_FORMAT, FuzzSection, type FuzzSummary } from "./summary.ts";

/** A summary.json as `run` or `fuzz` writes it; `interrupted` is optional so older summaries still merge. */
export const SummaryFile = RunSummary.extend({ interrupted: z.boolean().optional(), fuzz: FuzzSection.optional() });
export type SummaryFile = z.infer<typeof SummaryFile>;

/** Verdicts from most to least telling: one failing shard fails the property, and so on down. */
const STATUS_ORDER = ["failed", "error", "interrupted", "passed", "skipped"] as const;
const PHASE_ORDER = ["corpus", "exhaustive", "random"] as const;

/**
 * Combines the summaries of the shards of one campaign (or of several runs of one implementation) into
 * one: violations are the union, runs and requests are summed, a property failed if it failed on any
 * shard, and the exhaustive bound counts as exhausted only when every shard of it exhausted its share.
 */
export function mergeSummaries(summaries: readonly SummaryFile[]): RunSummary | FuzzSummary {
  // A shard stopped by an error (its adapter never started, say) names no implementation and has no
  // fuzz section: it is left out of the checks below, and its error is the merged summary's.
  const finished = summaries.filter((summary) => summary.error === undefined);
  const [first] = finished.length > 0 ? finished : summaries;
  if (first === undefined) throw noSummaries();
  const error = summaries.find((summary) => summary.error !== undefined)?.error;
  for (const summary of finished) {
    if (summary.implementation !== first.implementation || summary.level !== first.level) {
      throw new InputError(
        "usage",
        `merge: ${summary.implementation} at ${summary.level} and ${first.implementation} at ${first.level} are different campaigns`,
        "Merge the summaries of the shards of one campaign: same implementation, same level.",
      );
    }
  }
  const ids = [...new Set(summaries.flatMap((summary) => summary.results.map((result) => result.property)))];
  const base: RunSummary = {
    implementation: first.implementation,
    level: first.level,
    capabilities: [...new Set(summaries.flatMap((summary) => summary.capabilities))],
    runs: sum(summaries, (summary) => summary.runs),
    requests: sum(summaries, (summary) => summary.requests),
    violations: inCatalogOrder(summaries.flatMap((summary) => summary.violations)),
    seconds: Math.max(...summaries.map((summary) => summary.seconds)),
    seed: first.seed,
    interrupted: summaries.some((summary) => summary.interrupted === true),
    results: ids.map((id) => mergeResults(summaries.flatMap((summary) => summary.results.filter((result) => result.property === id)))),
    ...(error === undefined ? {} : { error }),
  };
  const sections = finished.flatMap((summary) => summary.fuzz ?? []);
  if (sections.length === 0) return base;
  if (sections.length !== finished.length)
    throw new InputError("usage", "merge: some summaries are from `fuzz` and some from `run`", "Merge fuzz shards with fuzz shards.");
  return { ...base, fuzz: mergeSections(sections) };
}

function mergeResults(results: readonly ResultLine[]): ResultLine {
  const status = STATUS_ORDER.find((candidate) => results.some((result) => result.status === candidate)) ?? "skipped";
  const leading = results.find((result) => result.status === status) as ResultLine;
  return { ...leading, status, runs: sum(results, (r) => r.runs), requests: sum(results, (r) => r.requests), ms: sum(results, (r) => r.ms) };
}

function mergeSections(sections: readonly FuzzSection[]): FuzzSection {
  const [first] = sections as [FuzzSection, ...FuzzSection[]];
  const shards = sections.flatMap((section) => section.shards).sort((a, b) => a.count - b.count || a.index - b.index);
  const seen = new Set<string>();
  for (const shard of shards) {
    const key = `${shard.index}/${shard.count}`;
    if (seen.has(key)) throw new InputError("usage", `merge: shard ${key} is given twice`, "Give each shard's summary.json once.");
    seen.add(key);
  }
  if (new Set(sections.map((section) => section.exhaustive.bound)).size > 1)
    throw new InputError("usage", "merge: the shards ran different --exhaustive bounds", "Run every shard of a campaign with the same flags but --shard.");
  const complete = shards.every((shard) => shard.count === shards.length) && seen.size === shards.length;
  const exhaustive = sections.map((section) => section.exhaustive);
  const firstCases = exhaustive.flatMap((section) => section.first);
  return {
    format: FUZZ_FORMAT,
    target: first.target,
    shards,
    workers: sum(sections, (section) => section.workers),
    budget_ms: Math.max(...sections.map((section) => section.budget_ms)),
    ended: sections.some((section) => section.ended === "interrupted")
      ? "interrupted"
      : sections.every((section) => section.ended === "all-found")
        ? "all-found"
        : "budget",
    seeds: { ...first.seeds, rounds: sections.flatMap((section) => section.seeds.rounds) },
    exhaustive: {
      bound: first.exhaustive.bound,
      cases: sum(exhaustive, (section) => section.cases),
      total: sum(exhaustive, (section) => section.total),
      exhausted: complete && exhaustive.every((section) => section.exhausted),
      requests: sum(exhaustive, (section) => section.requests),
      seconds: Math.max(...exhaustive.map((section) => section.seconds)),
      violations: inCatalogOrder(exhaustive.flatMap((section) => section.violations)),
      first: lowestPer(firstCases, (item) => item.index),
    },
    corpus: {
      dir: first.corpus.dir,
      replayed: sections.flatMap((section) => section.corpus.replayed).sort((a, b) => a.file.localeCompare(b.file)),
      added: [...new Set(sections.flatMap((section) => section.corpus.added))],
    },
    found: lowestPer(
      sections.flatMap((section) => section.found),
      (item) => PHASE_ORDER.indexOf(item.phase) * 2 ** 32 + (item.case_index ?? item.round ?? 0),
    ),
    throughput: {
      runs_per_s: sum(sections, (section) => section.throughput.runs_per_s),
      requests_per_s: sum(sections, (section) => section.throughput.requests_per_s),
    },
  };
}

/** Per property, the item with the lowest rank, in catalog order. */
function lowestPer<T extends { readonly property: string }>(items: readonly T[], rank: (item: T) => number): T[] {
  const best = new Map<string, T>();
  for (const item of items) {
    const current = best.get(item.property);
    if (current === undefined || rank(item) < rank(current)) best.set(item.property, item);
  }
  return CATALOG.flatMap((property) => best.get(property.id) ?? []);
}

function inCatalogOrder(ids: readonly string[]): string[] {
  const wanted = new Set(ids);
  return [
    ...CATALOG.map((property) => property.id).filter((id) => wanted.has(id)),
    ...[...wanted].filter((id) => !CATALOG.some((property) => property.id === id)),
  ];
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/** What merge says when given nothing to merge. */
export function noSummaries(): InputError {
  return new InputError("usage", "merge needs at least one summary.json", "prunecheck merge shard-1/summary.json shard-2/summary.json --out reports");
}
