import { z } from "zod";
import { OperationRequest, Request, WireError } from "../wire/protocol.ts";
import { Window } from "../wire/window.ts";

export const REPORT_FORMAT = "prunecheck-report/1";

/** How to reach the implementation again: what replay starts when no --cmd/--impl overrides it. */
export const Target = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("reference") }),
  z.strictObject({ kind: z.literal("impl"), path: z.string().min(1) }),
  z.strictObject({ kind: z.literal("cmd"), command: z.string().min(1) }),
]);
export type Target = z.infer<typeof Target>;

/** Indices of at most seven digits: fast-check numbers runs and shrink steps far below that. */
const PATH = /^(exhaustive|\d{1,7}(:\d{1,7})*)$/;
/** fast-check's ReplayPath.stringify: base64 digits of counts, a colon, base64 digits of changes. */
const REPLAY_PATH = /^([A-Za-z0-9+/]+:[A-Za-z0-9+/]*)?$/;

const Outcome = z.union([z.strictObject({ ok: z.literal(true), window: Window }), z.strictObject({ ok: z.literal(false), error: WireError })]);

/**
 * One violation, as data: JSON, Markdown and JUnit are renderings of this. Everything needed to replay it
 * is here (property, level, seed, path, replayPath, target), and so is everything needed to understand it
 * without running anything (the story, the requests, the windows).
 */
export const Report = z
  .strictObject({
    format: z.literal(REPORT_FORMAT),
    property: z.strictObject({ id: z.string(), level: z.enum(["core", "strict"]), title: z.string(), seed: z.string() }),
    /** The property whose run found it: differs from `property` for adapter-protocol faults. */
    checked_property: z.string(),
    level: z.enum(["core", "strict"]),
    implementation: z.strictObject({ name: z.string(), capabilities: z.array(z.string()), target: Target }),
    // fast-check runs any other number as `seed | 0`: a seed outside 32 bits would replay another run.
    seed: z.int32(),
    path: z.string().regex(PATH, "expected a fast-check path: the run index, then each shrink step's index, separated by colons (e.g. 3:0:1), or \"exhaustive\""),
    replayPath: z.string().regex(REPLAY_PATH, "expected a fast-check commands replayPath (two base64 runs joined by a colon, e.g. AAOEt:V), or nothing"),
    runs_to_failure: z.int().min(0),
    shrinks: z.int().min(0),
    /** How long finding the first failure took, and shrinking it after; absent in reports from before they were kept. */
    find_ms: z.number().nonnegative().optional(),
    shrink_ms: z.number().nonnegative().optional(),
    /**
     * Present when the failure was a hang: shrink candidates got a shorter timeout, derived from the
     * slowest answer seen, and the reported case was run again at the full one and hung there too.
     */
    hang_shrink: z
      .strictObject({
        timeout_ms: z.number().positive(),
        slowest_answer_ms: z.number().nonnegative(),
        full_timeout_ms: z.number().positive(),
        /** False when the smallest candidate only was slow, so a larger one that hung at the full timeout is reported. */
        smallest_confirmed: z.boolean(),
      })
      .optional(),
    finding: z.strictObject({ message: z.string(), span_id: z.string().nullable() }),
    story: z.array(z.string()),
    /** The wire requests sent in the shrunk run, in order; the last one is the one that failed. */
    requests: z.array(z.union([OperationRequest, Request])),
    response: Outcome.nullable(),
    before: Window.nullable(),
    after: Window.nullable(),
    stderr: z.string(),
    replay: z.string(),
    counterexample: z.string(),
    created: z.string(),
  })
  // A path replays by generating every run before its first index, so a path that disagrees with the counts
  // beside it was edited by hand and could ask for years of runs.
  .refine((report) => report.path === "exhaustive" || Number(report.path.split(":")[0]) + 1 === report.runs_to_failure, {
    message: "the path's first index (the failing run) must be runs_to_failure - 1",
    path: ["path"],
  })
  .meta({ id: "Report", description: "A shrunk, replayable counterexample written by prunecheck." });
export type Report = z.infer<typeof Report>;
