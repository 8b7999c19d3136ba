import { z } from "zod";
import { Capability, IMPLEMENTATION_NAME_MAX, OperationRequest, Request, WireError } from "../wire/protocol.ts";
import { Window } from "../wire/window.ts";
import { Origin } from "../models/origin.ts";
import { Level } from "../models/property.ts";
import { describeCase, ExhaustiveCase } from "../models/exhaustive-case.ts";

export const REPORT_FORMAT = "prunecheck-report/2";

/** How to reach the implementation again: what replay starts when no --cmd/--impl overrides it. */
export const Target = z.discriminatedUnion("kind", [
  /** The embedded reference; with `capabilities`, declaring only those (`run --capabilities`), the model-driven one when `model` is among them. */
  z.strictObject({ kind: z.literal("reference"), capabilities: z.array(Capability).optional() }),
  z.strictObject({ kind: z.literal("impl"), path: z.string().min(1) }),
  z.strictObject({ kind: z.literal("cmd"), command: z.string().min(1) }),
  /** Found by `prunecheck audit` in a recorded trace: there is nothing to run until someone names it. */
  z.strictObject({ kind: z.literal("recorded") }),
]);
export type Target = z.infer<typeof Target>;


/** A run of spans a report leaves out of a window it shows: from index `at` of the whole window, `count` of them. */
const LeftOut = z.strictObject({ at: z.int().min(0), count: z.int().min(1) });
/** A window the report shows in part: how many spans it had whole, and which runs of them are left out. */
const WindowCut = z.strictObject({ spans: z.int().min(1), left_out: z.array(LeftOut).min(1) });

const Outcome = z.union([z.strictObject({ ok: z.literal(true), window: Window }), z.strictObject({ ok: z.literal(false), error: WireError })]);

/**
 * One violation, as data: JSON, Markdown and JUnit are renderings of this. Everything needed to replay it
 * is here (property, level, origin, target), and so is everything needed to understand it
 * without running anything (the story, the requests, the windows).
 */
const ReportShape = z
  .strictObject({
    format: z.literal(REPORT_FORMAT),
    /** `quote`: the sentence of the design note the property enforces. */
    property: z.strictObject({ id: z.string(), level: Level, title: z.string(), quote: z.string() }),
    /** The property whose run found it: differs from `property` for adapter-protocol faults. */
    checked_property: z.string(),
    level: Level,
    implementation: z.strictObject({ name: z.string().max(IMPLEMENTATION_NAME_MAX), capabilities: z.array(z.string()), target: Target }),
    origin: Origin,
    /** Runs it took to find the first failure: for an exhaustive case, the cases up to and including it. */
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
    /**
     * The other properties this very counterexample breaks (they shrank to the same run, so the same failing
     * request), each with its own finding: one counterexample, one report (issue 46). The story tells each;
     * `prunecheck replay` judges each. Absent when it breaks one.
     */
    also: z
      .array(
        z.strictObject({
          property: z.strictObject({ id: z.string(), level: Level, title: z.string(), quote: z.string() }),
          checked_property: z.string(),
          finding: z.strictObject({ message: z.string(), span_id: z.string().nullable() }),
        }),
      )
      .min(1)
      .optional(),
    story: z.array(z.string()),
    /** The wire requests sent in the shrunk run, in order; the last one is the one that failed. */
    requests: z.array(z.union([OperationRequest, Request])),
    response: Outcome.nullable(),
    /**
     * The line the adapter wrote in answer to the failing request when that line was no valid answer (not
     * JSON, past the limits, the wrong shape or id): `response` is then null, and this is what it said,
     * capped at its first and last 2,000 characters. Absent otherwise, and in reports from before it was kept.
     */
    answer_line: z.string().optional(),
    /**
     * Present when the report would not have fitted what prunecheck reads back (boundReport): this many span
     * texts of its windows, each longer than `cap` characters, are kept as their start and end around a
     * marker saying how much was left out. The request a replay sends again is always whole.
     */
    trimmed: z.strictObject({ texts: z.int().min(1), cap: z.int().positive() }).optional(),
    /**
     * Present when a window the report shows had more than `shown` spans (src/reports/excerpt.ts): it then holds
     * the spans that matter to the finding (those the request, its answer, the model and the finding name, the
     * spans they depend on, the first and the last), and this says what was left out of each. `after` covers
     * the response's window too; `requests` runs beside the report's requests, null for one shown whole, and
     * counts the store entries left out with its spans (those no shown span names). A replay regenerates a
     * random run whole from its seed; the request a case or a trace line replays is always whole.
     */
    excerpt: z
      .strictObject({
        shown: z.int().positive(),
        before: WindowCut.optional(),
        after: WindowCut.optional(),
        requests: z.array(z.strictObject({ ...WindowCut.shape, store_left_out: z.int().min(0) }).nullable()).optional(),
      })
      .optional(),
    before: Window.nullable(),
    after: Window.nullable(),
    stderr: z.string(),
    replay: z.string(),
    /** The counterexample as text, for people: fast-check's rendering of a run, a case's one-line description. */
    counterexample: z.string(),
    created: z.string(),
  })
  // A path replays by generating every run before its first index, so a path that disagrees with the counts
  // beside it was edited by hand and could ask for years of runs.
  .refine((report) => report.origin.kind !== "random" || Number(report.origin.path.split(":")[0]) + 1 === report.runs_to_failure, {
    message: "the path's first index (the failing run) must be runs_to_failure - 1",
    path: ["origin", "path"],
  })
  .refine((report) => report.origin.kind !== "exhaustive" || report.origin.index + 1 === report.runs_to_failure, {
    message: "the case's index must be runs_to_failure - 1",
    path: ["origin", "index"],
  });

/**
 * A report, read in any format prunecheck has written: the first called the quote `property.seed` and kept
 * `seed`, `path` and `replayPath` at the top, with `path: "exhaustive"` and the case in `counterexample` for an exhaustive case.
 */
export const Report = z.preprocess(fromFormat1, ReportShape).meta({ id: "Report", description: "A shrunk, replayable counterexample written by prunecheck." });
export type Report = z.infer<typeof ReportShape>;

/** The index of the request a replay sends again, whole whatever its size, or -1 (a random run replays by seed). */
export function replayedIndex(report: Pick<Report, "origin" | "requests">): number {
  return report.origin.kind === "random" ? -1 : report.requests.length - 1;
}

const FORMAT_1_CASE = "exhaustive ";

/**
 * A report as zod read it, with its requests as JSON.parse read them: nothing under `requests` has a
 * default or a transform, so the two are the same but for a store key "__proto__", which zod drops to guard
 * the prototype and a replayed request must send as the own key it was (a trace-found report is replayed
 * from its request).
 */
export function withRequestsAsWritten(report: Report, raw: unknown): Report {
  const requests = (raw as { requests?: unknown }).requests;
  return Array.isArray(requests) && requests.length === report.requests.length ? { ...report, requests: requests as Report["requests"] } : report;
}

function fromFormat1(input: unknown): unknown {
  if (typeof input !== "object" || input === null || (input as { format?: unknown }).format !== "prunecheck-report/1") return input;
  const { seed, path, replayPath, ...rest } = input as Record<string, unknown>;
  // The design note's sentence was `property.seed`, beside the random seed.
  const { seed: quote, ...property } = (rest["property"] ?? {}) as Record<string, unknown>;
  rest["property"] = { ...property, quote };
  const counterexample = rest["counterexample"];
  if (path !== "exhaustive") return { ...rest, format: REPORT_FORMAT, origin: { kind: "random", seed, path, replayPath } };
  const encoded = typeof counterexample === "string" && counterexample.startsWith(FORMAT_1_CASE) ? counterexample.slice(FORMAT_1_CASE.length) : "null";
  const testCase = parseOrNull(encoded);
  const index = typeof rest["runs_to_failure"] === "number" ? rest["runs_to_failure"] - 1 : -1;
  const parsed = ExhaustiveCase.safeParse(testCase);
  return { ...rest, format: REPORT_FORMAT, origin: { kind: "exhaustive", case: testCase, index }, counterexample: parsed.success ? describeCase(parsed.data) : counterexample };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
