import type { ResultLine, RunSummary } from "../src/reports/summary.ts";
import type { Target } from "../src/reports/report.ts";
import type { Shard } from "./shard.ts";
import type { CorpusVerdict, Phase } from "./messages.ts";
import { formatDuration } from "../src/console/duration.ts";

export const FUZZ_FORMAT = "prunecheck-fuzz/1";

/** `<out>/summary.json` of a campaign: a run summary (so CI, JUnit and merge read it alike) plus `fuzz`. */
export interface FuzzSummary extends RunSummary {
  readonly fuzz: FuzzSection;
}

export interface FuzzSection {
  readonly format: typeof FUZZ_FORMAT;
  readonly target: Target;
  /** The shards this summary covers: one for a campaign, all of them after `merge`. */
  readonly shards: readonly Shard[];
  readonly workers: number;
  readonly budget_ms: number;
  /** Why random search ended: its budget ran out, every property has a counterexample, or Ctrl-C. */
  readonly ended: "budget" | "all-found" | "interrupted";
  readonly seeds: {
    readonly campaign: number;
    readonly derivation: string;
    readonly round_runs: number;
    /** Rounds each worker ran per property; worker w of W in shard i/n ran rounds (i-1) + n·(w + W·j), j = 0, 1, … */
    readonly rounds: readonly {
      readonly shard: number;
      readonly worker: number;
      readonly property: string;
      readonly rounds: number;
      readonly first_seed: number;
    }[];
  };
  readonly exhaustive: ExhaustiveSection;
  readonly corpus: {
    readonly dir: string;
    readonly replayed: readonly CorpusVerdict[];
    /** Files this campaign added (new counterexamples, deduplicated). */
    readonly added: readonly string[];
  };
  /** One line per property with a counterexample: where it came from, and how to find it again. */
  readonly found: readonly FoundLine[];
  /** Of random search alone (all workers' runs over its wall time); the exhaustive phase has its own cases/s. */
  readonly throughput: { readonly runs_per_s: number; readonly requests_per_s: number };
}

export interface ExhaustiveSection {
  readonly bound: number;
  /** Cases judged, by every applicable property each. */
  readonly cases: number;
  /** The cases of the shards covered (the formula in exhaustive.ts, split by shard). */
  readonly total: number;
  readonly exhausted: boolean;
  readonly requests: number;
  readonly seconds: number;
  /** Property ids violated by some case, in catalog order. */
  readonly violations: readonly string[];
  /** The first failing case (lowest index) per checked property. */
  readonly first: readonly { readonly property: string; readonly violated: string; readonly index: number; readonly case: string }[];
}

export interface FoundLine {
  readonly property: string;
  readonly violated: string;
  readonly phase: Phase;
  /** The fast-check seed of the failing run, when a random run found it. */
  readonly seed?: number;
  readonly round?: number;
  readonly case_index?: number;
  readonly corpus_file?: string;
  readonly report?: string;
}

/** What a campaign prints per property: the run's verdict line, plus where a counterexample came from. */
export function fuzzVerdictLine(line: ResultLine, found: FoundLine | undefined, rounds: number, exhaustive: ExhaustiveSection): string {
  switch (line.status) {
    case "passed": {
      const cases = exhaustive.cases > 0 ? `${exhaustive.cases} exhaustive cases, ` : "";
      return `✔ ${line.property} (${cases}${line.runs} runs in ${rounds} round${rounds === 1 ? "" : "s"}, ${line.requests} requests)`;
    }
    case "failed": {
      const origin =
        found === undefined
          ? ""
          : found.phase === "exhaustive"
            ? ` [exhaustive case #${found.case_index}]`
            : found.phase === "corpus"
              ? ` [corpus ${found.corpus_file}]`
              : ` [round ${found.round}, seed ${found.seed}]`;
      return `✖ ${line.property}${origin}: ${line.violated === line.property ? "" : `${line.violated}: `}${line.message}${line.report ? `\n    report: ${line.report}.md` : ""}`;
    }
    default:
      return `! ${line.property}: ${line.status}${line.message ? `: ${line.message}` : line.reason ? ` (${line.reason})` : ""}`;
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
    `- ${exhaustiveLine(fuzz.exhaustive)}`,
    `- corpus: ${fuzz.corpus.replayed.length} entries replayed first, ${stillFailing} still fail; ${fuzz.corpus.added.length} added`,
    `- ${throughputLine(summary)}; random search ended by ${fuzz.ended}`,
    "",
  ].join("\n");
}
