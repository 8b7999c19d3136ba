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
    path: z.string(),
    replayPath: z.string(),
    runs_to_failure: z.int(),
    shrinks: z.int(),
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
  .meta({ id: "Report", description: "A shrunk, replayable counterexample written by prunecheck." });
export type Report = z.infer<typeof Report>;
