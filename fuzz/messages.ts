import { z } from "zod";
import type { Level } from "../src/models/property.ts";
import type { Report, Target } from "../src/reports/report.ts";
import type { Capability } from "../src/wire/protocol.ts";
import type { CorpusEntry } from "../src/engine/corpus.ts";
import type { Slot } from "./shard.ts";

/** What one worker is to do: plain data, so it crosses into a worker thread as `workerData`. */
export interface WorkerPlan {
  readonly target: Target;
  readonly timeoutMs: number;
  readonly level: Level;
  /** Ids of the properties to check (all applicable ones when absent). */
  readonly only?: readonly string[];
  readonly seed: number;
  readonly slot: Slot;
  /** Random search's budget, from its start (after the corpus and exhaustive phases, which always finish). */
  readonly budgetMs: number;
  /** 0 skips the bounded-exhaustive phase. */
  readonly exhaustive: number;
  /** fast-check runs per random round. */
  readonly roundRuns: number;
  /**
   * Random rounds per property over the whole campaign (every shard and worker), when limited: the same
   * rounds, so the same counterexamples, on any machine, the budget only a guard.
   */
  readonly maxRounds?: number;
  /** The corpus entries for this target, all of them: the worker replays the ones its slot owns. */
  readonly corpus: readonly CorpusEntry[];
  /** Where the campaign writes reports, for the replay command each report carries. */
  readonly outDir: string;
}

export const Phase = z.enum(["corpus", "exhaustive", "random"]);
export type Phase = z.infer<typeof Phase>;

/** A counterexample a worker found, with what the campaign needs to pick one per property deterministically. */
export interface Found {
  readonly phase: Phase;
  /** The property being checked; `report.property.id` is the one violated (adapter-protocol for a fault). */
  readonly property: string;
  /** Corpus entry index, exhaustive case index, or round index: lower is preferred within a phase. */
  readonly order: number;
  readonly report: Report;
  /** For a random round: its seed, as derived (see seeds.ts). */
  readonly roundSeed?: number;
  /** For a corpus replay: the entry's file. */
  readonly corpusFile?: string;
}

export interface PropertyTally {
  runs: number;
  requests: number;
  ms: number;
  rounds: number;
  /** A harness error (a bug in prunecheck) stops the property in this worker. */
  error?: string;
}

/** What replaying one corpus entry first said; a fuzz summary lists them. */
export const CorpusVerdict = z.object({
  file: z.string(),
  property: z.string(),
  verdict: z.enum(["still-fails", "passes", "skipped", "error"]),
  detail: z.string().optional(),
});
export type CorpusVerdict = z.infer<typeof CorpusVerdict>;

export interface WorkerResult {
  readonly worker: number;
  readonly properties: Readonly<Record<string, PropertyTally>>;
  readonly corpus: readonly CorpusVerdict[];
  readonly exhaustive: { readonly cases: number; readonly requests: number; readonly exhausted: boolean; readonly ms: number };
  /** The random phase alone, for throughput. */
  readonly random: { readonly runs: number; readonly requests: number; readonly ms: number };
  /** Stopped by the campaign (Ctrl-C) rather than by its budget or by running out of properties. */
  readonly stopped: boolean;
}

/** A thrown error, as data that survives postMessage and can be rebuilt as the same typed error. */
import type { SerializedError } from "../src/errors/serialized.ts";
export type { SerializedError };

export type WorkerEvent =
  | { readonly type: "ready"; readonly name: string; readonly capabilities: readonly Capability[] }
  | { readonly type: "progress"; readonly phase: Phase; readonly runs: number; readonly requests: number; readonly cases: number }
  | { readonly type: "found"; readonly found: Found }
  | { readonly type: "done"; readonly result: WorkerResult }
  | { readonly type: "fatal"; readonly error: SerializedError };

export type CampaignCommand = { readonly type: "stop" } | { readonly type: "failed"; readonly property: string };
