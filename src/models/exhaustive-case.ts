import { z } from "zod";
import { ModelAnswerSpec } from "../llm/answer.ts";

export const TAG_CLASSES = {
  precondition: ["invariant"],
  ordinary: ["diff"],
  untagged: [],
  /** Not a precondition tag on the wire, though a case-folding pruner would take it for one. */
  lookalike: ["Invariant"],
} as const satisfies Record<string, readonly string[]>;
export type TagClass = keyof typeof TAG_CLASSES;

/**
 * Originals with an exact, no, missing or stale copy; pointers whose key resolves or is gone; summaries
 * whose source resolves through their provenance, the same externalized (its own text in the store, as a
 * source a careless summarize takes for an original), one whose source was lost, and a pointer to one.
 */
export const COPY_STATES = [
  "exact",
  "no-key",
  "missing-key",
  "stale-key",
  "pointer",
  "pointer-missing",
  "summary",
  "summary-exact",
  "summary-lost",
  "summary-pointer",
] as const;
export type CopyState = (typeof COPY_STATES)[number];

const TAG_CLASS_NAMES = Object.keys(TAG_CLASSES) as TagClass[];

/** One case of the bounded-exhaustive phase (see src/engine/exhaustive.ts): data, so a report can carry it. */
export const ExhaustiveCase = z.strictObject({
  depth: z.union([z.literal(0), z.literal(1)]),
  spans: z.array(z.tuple([z.enum(TAG_CLASS_NAMES as [TagClass, ...TagClass[]]), z.enum(COPY_STATES)])),
  /** Every span but the first depends on the one before it. */
  chained: z.boolean().optional(),
  op: z.enum(["prune", "summarize", "reground", "compact"]),
  /** Positions of the spans the operation names: prune evicts them, summarize compresses them. */
  named: z.array(z.int().min(0)),
  /** compact only: the budget as a fraction of the window's size in chars. */
  fraction: z.number().optional(),
  /**
   * For an implementation that declares `model`: what the harness's model answers every call of the request
   * with (a compact, or a summarize then sent without text, for the implementation to write).
   */
  model: ModelAnswerSpec.optional(),
});
export type ExhaustiveCase = z.infer<typeof ExhaustiveCase>;

/** One line per case, for traces and reports: `depth 1, [precondition/stale-key, untagged/pointer], chained, prune {0}`. */
export function describeCase(testCase: ExhaustiveCase): string {
  const spans = testCase.spans.map(([tags, copy]) => `${tags}/${copy}`).join(", ");
  const what =
    testCase.op === "compact"
      ? `compact to ${testCase.fraction ?? 0} of its size`
      : testCase.op === "reground"
        ? "reground"
        : `${testCase.op} {${testCase.named.join(",")}}`;
  const model = testCase.model === undefined ? "" : `, the model answering ${JSON.stringify(testCase.model)}`;
  return `depth ${testCase.depth}, [${spans}]${testCase.chained === true ? ", chained" : ""}, ${what}${model}`;
}
