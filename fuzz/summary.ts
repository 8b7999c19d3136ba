import { z } from "zod";
import { RunSummary, type ResultLine } from "../src/reports/summary.ts";
import { Target } from "../src/reports/report.ts";
import { Shard } from "./shard.ts";
import { CorpusVerdict, Phase } from "./messages.ts";
import { formatDuration } from "../src/console/duration.ts";
import { verdictLine } from "../src/console/verdict-line.ts";
import { markdownText } from "../src/reports/escape/markdown.ts";

export const FUZZ_FORMAT = "prunecheck-fuzz/1";

export const ExhaustiveSection = z.object({
  bound: z.int(),
  /** Cases judged, by every applicable property each. */
  cases: z.int(),
  /** The cases of the shards covered (the formula in src/engine/exhaustive.ts, split by shard). */
  total: z.int(),
  exhausted: z.boolean(),
  requests: z.int(),
  seconds: z.number(),
  /** Property ids violated by some case, in catalog order. */
  violations: z.array(z.string()).readonly(),
  /** The first failing case (lowest index) per checked property. */
  first: z.array(z.object({ property: z.string(), violated: z.string(), index: z.int(), case: z.string() })).readonly(),
});
export type ExhaustiveSection = z.infer<typeof ExhaustiveSection>;

/** One line per property with a counterexample: where it came from, and how to find it again. */
export const FoundLine = z.object({
  property: z.string(),
  violated: z.string(),
  phase: Phase,
  /** The fast-check seed of the failing run, when a random run found it. */
  seed: z.int().optional(),
  round: z.int().optional(),
  case_index: z.int().optional(),
  corpus_file: z.string().optional(),
  report: z.string().optional(),
});
export type FoundLine = z.infer<typeof FoundLine>;

export const FuzzSection = z.object({
  format: z.literal(FUZZ_FORMAT),
  target: Target,
  /** The shards this summary covers: one for a campaign, all of them after `merge`. */
  shards: z.array(Shard).min(1).readonly(),
  workers: z.int(),
  budget_ms: z.number(),
  /** Why random search ended: its budget (--time, or every --rounds round) ran out, every property has a counterexample, or Ctrl-C. */
  ended: z.enum(["budget", "all-found", "interrupted"]),
  seeds: z.object({
    campaign: z.int(),
    derivation: z.string(),
    round_runs: z.int(),
    /** The --rounds limit on random rounds per property, when given. */
    max_rounds: z.int().optional(),
    /** Rounds each worker ran per property; worker w of W in shard i/n ran rounds (i-1) + n·(w + W·j), j = 0, 1, … */
    rounds: z.array(z.object({ shard: z.int(), worker: z.int(), property: z.string(), rounds: z.int(), first_seed: z.int() })).readonly(),
  }),
  exhaustive: ExhaustiveSection,
  corpus: z.object({
    dir: z.string(),
    replayed: z.array(CorpusVerdict).readonly(),
    /** Files this campaign added (new counterexamples, deduplicated). */
    added: z.array(z.string()).readonly(),
  }),
  found: z.array(FoundLine).readonly(),
  /** Of random search alone (all workers' runs over its wall time); the exhaustive phase has its own cases/s. */
  throughput: z.object({ runs_per_s: z.number(), requests_per_s: z.number() }),
});
export type FuzzSection = z.infer<typeof FuzzSection>;

/** `<out>/summary.json` of a campaign: a run summary (so CI, JUnit and merge read it alike) plus `fuzz`. */
export const FuzzSummary = RunSummary.extend({ fuzz: FuzzSection });
export type FuzzSummary = z.infer<typeof FuzzSummary>;

/** What a campaign prints per property: the run's verdict line, plus where a counterexample came from. */
export function fuzzVerdictLine(line: ResultLine, found: FoundLine | undefined, rounds: number, exhaustive: ExhaustiveSection): string {
  const cases = exhaustive.cases > 0 ? `${exhaustive.cases} exhaustive cases, ` : "";
  return verdictLine(line, {
    runs: `${cases}${line.runs} runs in ${rounds} round${rounds === 1 ? "" : "s"}`,
    ...(found === undefined ? {} : { origin: originOf(found) }),
  });
}

function originOf(found: FoundLine): string {
  switch (found.phase) {
    case "exhaustive":
      return ` [exhaustive case #${found.case_index}]`;
    case "corpus":
      return ` [corpus ${found.corpus_file}]`;
    case "random":
      return ` [round ${found.round}, seed ${found.seed}]`;
  }
}

export function exhaustiveLine(section: ExhaustiveSection): string {
  if (section.bound === 0) return "exhaustive: off (--exhaustive 0)";
  const state = section.exhausted ? "bound exhausted" : `NOT exhausted (${section.cases} of ${section.total})`;
  const violations = section.violations.length === 0 ? "no violation" : `violates ${section.violations.join(", ")}`;
  return `exhaustive (bound ${section.bound}): ${section.cases} cases, ${state}, ${violations} (${formatDuration(section.seconds * 1000)}, ${Math.round(section.cases / Math.max(section.seconds, 0.001))} cases/s)`;
}

export function throughputLine(summary: FuzzSummary): string {
  const { throughput, workers } = summary.fuzz;
  return `throughput of random search: ${Math.round(throughput.runs_per_s)} runs/s, ${Math.round(throughput.requests_per_s)} requests/s with ${workers} worker${workers === 1 ? "" : "s"}`;
}

/** Appended to summary.md: what a campaign adds to a run's table. */
export function renderFuzzMarkdown(summary: FuzzSummary): string {
  const { fuzz } = summary;
  const stillFailing = fuzz.corpus.replayed.filter((entry) => entry.verdict === "still-fails").length;
  return [
    `### Fuzz campaign (seed ${fuzz.seeds.campaign}, shard${fuzz.shards.length === 1 ? "" : "s"} ${fuzz.shards.map((shard) => `${shard.index}/${shard.count}`).join(", ")})`,
    "",
    // A merged summary.json is anyone's file: every line through the Markdown escaping, whatever it quotes.
    `- ${markdownText(exhaustiveLine(fuzz.exhaustive))}`,
    `- corpus: ${fuzz.corpus.replayed.length} entries replayed first, ${stillFailing} still fail; ${fuzz.corpus.added.length} added`,
    `- ${markdownText(`${throughputLine(summary)}; random search ended by ${fuzz.ended}`)}`,
    "",
  ].join("\n");
}
