import { notApplicableReason, type Property } from "../src/models/property.ts";
import { PROPERTIES } from "../properties/index.ts";
import { oneLine, type Io } from "../src/console/io.ts";
import { skippedLine, summarizeRun, summaryLine, type ResultLine } from "../src/reports/summary.ts";
import { writeReport, writeSummary } from "../src/reports/write.ts";
import type { Report } from "../src/reports/report.ts";
import type { Capability } from "../src/wire/protocol.ts";
import type { CampaignOptions, Heard } from "./campaign.ts";
import { addToCorpus } from "../src/engine/corpus.ts";
import { caseCount } from "../src/engine/exhaustive.ts";
import type { Found, PropertyTally, WorkerResult } from "./messages.ts";
import { DEFAULT_ROUND_RUNS, roundSeed, SEED_DERIVATION } from "./seeds.ts";
import { nthItem, shardShare } from "./shard.ts";
import {
  exhaustiveLine,
  FUZZ_FORMAT,
  fuzzVerdictLine,
  renderFuzzMarkdown,
  throughputLine,
  type ExhaustiveSection,
  type FoundLine,
  type FuzzSummary,
} from "./summary.ts";

export interface CampaignOutcome {
  readonly options: CampaignOptions;
  readonly heard: Heard;
  /** Date.now() at the start. */
  readonly started: number;
  readonly interrupted: boolean;
}

/**
 * The campaign's edge: writes one report per property with a counterexample (a transport fault once),
 * adds the new ones to the corpus, writes summary.json / summary.md (and JUnit), prints the verdicts.
 */
export async function recordCampaign(outcome: CampaignOutcome, io: Io): Promise<FuzzSummary> {
  const { options, heard, interrupted } = outcome;
  const capabilities: readonly Capability[] = heard.ready?.capabilities ?? [];
  const found = PROPERTIES.flatMap((property) => heard.best.get(property.id) ?? []);
  const stems = new Map<string, string>();
  const written: Report[] = [];
  // A broken transport fails every property the same way: one report (and corpus entry) for it is enough here;
  // `run`, whose shrunk cases differ per property, writes one per property.
  let transportStem: string | undefined;
  for (const item of found) {
    const transport = item.report.property.id === "adapter-protocol";
    let stem = transport ? transportStem : undefined;
    if (stem === undefined) {
      stem = await writeReport(options.outDir, item.report);
      written.push(item.report);
      if (transport) transportStem = stem;
    }
    stems.set(item.property, stem);
  }
  const added = await addToCorpus(options.corpusDir, written);

  const selected = PROPERTIES.filter((property) => options.only === undefined || options.only.includes(property.id));
  const results = selected.map((property) => resultLine(property, options, heard, capabilities, stems, interrupted));
  const exhaustive = exhaustiveSection(options, heard, capabilities);
  const seconds = (Date.now() - outcome.started) / 1000;
  const random = heard.results.map((result) => result.random);
  const randomSeconds = Math.max(0.001, ...random.map((phase) => phase.ms / 1000));
  const base = summarizeRun({
    implementation: heard.ready?.name ?? "(not started)",
    level: options.level,
    capabilities,
    seconds,
    seed: options.seed,
    interrupted,
    results,
  });
  const requests = base.requests + exhaustive.requests;
  const applicable = results.filter((line) => line.status !== "skipped");
  const summary: FuzzSummary = {
    ...base,
    requests,
    fuzz: {
      format: FUZZ_FORMAT,
      target: options.target,
      shards: [options.shard],
      workers: options.workers,
      budget_ms: options.budgetMs,
      ended: interrupted ? "interrupted" : applicable.length > 0 && applicable.every((line) => line.status === "failed") ? "all-found" : "budget",
      seeds: {
        campaign: options.seed,
        derivation: SEED_DERIVATION,
        round_runs: options.roundRuns ?? DEFAULT_ROUND_RUNS,
        ...(options.maxRounds === undefined ? {} : { max_rounds: options.maxRounds }),
        rounds: roundLines(options, heard.results),
      },
      exhaustive,
      corpus: { dir: options.corpusDir, replayed: heard.results.flatMap((result) => result.corpus).sort((a, b) => a.file.localeCompare(b.file)), added },
      found: found.map((item) => foundLine(item, stems.get(item.property))),
      throughput: {
        runs_per_s: random.reduce((sum, phase) => sum + phase.runs, 0) / randomSeconds,
        requests_per_s: random.reduce((sum, phase) => sum + phase.requests, 0) / randomSeconds,
      },
    },
  };
  await writeSummary(options.outDir, summary, options.junit, renderFuzzMarkdown(summary));
  printLines(summary, io);
  return summary;
}

function resultLine(
  property: Property,
  options: CampaignOptions,
  heard: Heard,
  capabilities: readonly Capability[],
  stems: ReadonlyMap<string, string>,
  interrupted: boolean,
): ResultLine {
  const reason = heard.ready === null ? null : notApplicableReason(property, options.level, capabilities);
  if (reason !== null) return skippedLine(property.id, reason);
  const tallies = heard.results.flatMap((result) => result.properties[property.id] ?? []);
  const sum = (field: "runs" | "requests" | "ms") => tallies.reduce((total, tally) => total + tally[field], 0);
  const base = { property: property.id, runs: sum("runs"), requests: sum("requests"), ms: sum("ms") };
  const best = heard.best.get(property.id);
  if (best !== undefined) {
    const stem = stems.get(property.id);
    return {
      ...base,
      status: "failed",
      violated: best.report.property.id,
      message: oneLine(best.report.finding.message),
      ...(stem === undefined ? {} : { report: stem }),
    };
  }
  const error = tallies.find((tally: PropertyTally) => tally.error !== undefined)?.error;
  if (error !== undefined) return { ...base, status: "error", message: `this is a bug in prunecheck, please report it: ${error}` };
  if (interrupted) return { ...base, status: "interrupted" };
  // Judged by no exhaustive case and no run: the budget ran out first, which is no pass.
  if (base.runs === 0 && !heard.results.some((result) => result.exhaustive.cases > 0))
    return { ...base, status: "interrupted", message: "the budget ran out before its first round" };
  return { ...base, status: "passed" };
}

function exhaustiveSection(options: CampaignOptions, heard: Heard, capabilities: readonly Capability[]): ExhaustiveSection {
  const sections = heard.results.map((result) => result.exhaustive);
  const cases = sections.reduce((total, section) => total + section.cases, 0);
  const total = shardShare(caseCount(options.exhaustive, capabilities), options.shard);
  const first = PROPERTIES.flatMap((property) => heard.firstCase.get(property.id) ?? []);
  return {
    bound: options.exhaustive,
    cases,
    total,
    exhausted: options.exhaustive > 0 && sections.length === options.workers && sections.every((section) => section.exhausted) && cases === total,
    requests: sections.reduce((sum, section) => sum + section.requests, 0),
    seconds: Math.max(0, ...sections.map((section) => section.ms)) / 1000,
    violations: [...new Set(first.map((item) => item.report.property.id))],
    first: first.map((item) => ({ property: item.property, violated: item.report.property.id, index: item.order, case: item.report.counterexample })),
  };
}

function roundLines(options: CampaignOptions, results: readonly WorkerResult[]) {
  return results.flatMap((result) => {
    const first = nthItem({ shard: options.shard, workers: options.workers, worker: result.worker }, 0);
    return Object.entries(result.properties)
      .filter(([, tally]) => tally.rounds > 0)
      .map(([property, tally]) => ({
        shard: options.shard.index,
        worker: result.worker,
        property,
        rounds: tally.rounds,
        first_seed: roundSeed(options.seed, property, first),
      }));
  });
}

function foundLine(item: Found, stem: string | undefined): FoundLine {
  return {
    property: item.property,
    violated: item.report.property.id,
    phase: item.phase,
    ...(item.report.origin.kind === "random" ? { seed: item.report.origin.seed } : {}),
    ...(item.phase === "random" ? { round: item.order } : {}),
    ...(item.phase === "exhaustive" ? { case_index: item.order } : {}),
    ...(item.corpusFile === undefined ? {} : { corpus_file: item.corpusFile }),
    ...(stem === undefined ? {} : { report: stem }),
  };
}

function printLines(summary: FuzzSummary, io: Io): void {
  const { fuzz } = summary;
  if (fuzz.corpus.replayed.length > 0) {
    const count = (verdict: string) => fuzz.corpus.replayed.filter((entry) => entry.verdict === verdict).length;
    io.line(
      `corpus: replayed ${fuzz.corpus.replayed.length} entries first: ${count("still-fails")} still fail, ${count("passes")} pass, ${count("skipped")} skipped`,
    );
  }
  io.line(exhaustiveLine(fuzz.exhaustive));
  for (const line of summary.results) {
    const rounds = fuzz.seeds.rounds.filter((entry) => entry.property === line.property).reduce((sum, entry) => sum + entry.rounds, 0);
    io.line(
      fuzzVerdictLine(
        line,
        fuzz.found.find((item) => item.property === line.property),
        rounds,
        fuzz.exhaustive,
      ),
    );
  }
  if (fuzz.corpus.added.length > 0)
    io.line(`corpus: added ${fuzz.corpus.added.length} new counterexample${fuzz.corpus.added.length === 1 ? "" : "s"} to ${fuzz.corpus.dir}`);
  io.line(throughputLine(summary));
  io.line(summaryLine(summary));
}
