import { z } from "zod";
import { ExhaustiveCase } from "./exhaustive-case.ts";

/** Indices of at most seven digits: fast-check numbers runs and shrink steps far below that. */
const PATH = /^\d{1,7}(:\d{1,7})*$/;
/** fast-check's ReplayPath format: base64 digits of counts, a colon, base64 digits of changes. */
const REPLAY_PATH = /^([A-Za-z0-9+/]+:[A-Za-z0-9+/]*)?$/;

/**
 * Where a counterexample came from, and so how to run it again: a shrunk random run (fast-check's seed,
 * path and commands replay path), one case of the bounded-exhaustive phase (the case itself, and its
 * position in the enumeration), or one turn of a recorded conversation (its file and 1-based line).
 */
export const Origin = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("random"),
    // fast-check runs any other number as `seed | 0`: a seed outside 32 bits would replay another run.
    seed: z.int32(),
    path: z.string().regex(PATH, "expected a fast-check path: the run index, then each shrink step's index, separated by colons (e.g. 3:0:1)"),
    replayPath: z.string().regex(REPLAY_PATH, "expected a fast-check commands replayPath (two base64 runs joined by a colon, e.g. AAOEt:V), or nothing"),
    /** The run drew from the scenarios with big windows (see bigWindowCommandArbs): a replay must too. */
    bigWindows: z.literal(true).optional(),
  }),
  z.strictObject({ kind: z.literal("exhaustive"), case: ExhaustiveCase, index: z.int().min(0) }),
  z.strictObject({
    kind: z.literal("trace"),
    file: z.string().min(1),
    line: z.int().min(1),
    /** The conversation the line belongs to, when the trace file holds several. */
    conversation: z.string().optional(),
    /**
     * The exchange breaks the property on its own, judged with only what its request shows: replay can
     * re-send it to a fixed pruner. Absent when the finding needed the conversation's earlier exchanges.
     */
    standalone: z.literal(true).optional(),
  }),
]);
export type Origin = z.infer<typeof Origin>;
export type RandomOrigin = Extract<Origin, { kind: "random" }>;
export type ExhaustiveOrigin = Extract<Origin, { kind: "exhaustive" }>;
export type TraceOrigin = Extract<Origin, { kind: "trace" }>;
