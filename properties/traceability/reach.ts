import type { Step } from "../../src/models/property.ts";
import { copyProblem, isSafe, isSummaryLike, modelFailed, sources, summaryWrites } from "../../src/models/analysis.ts";
import { isProtected, ungroundedSpans } from "../../src/models/truth.ts";
import type { Span } from "../../src/wire/window.ts";
import { kindOf } from "../../src/wire/window.ts";
import { POINTER_LOOKALIKES } from "../../src/arbitraries/text.ts";
import { ANSWER_SPACE, outOfOrder } from "./answer-space.ts";

/** Whether a request reaches a rule: the request shape that could show a pruner breaking it. */
export type Reach = (step: Step) => boolean;

/** The spans of the window a request names: evicted by a prune, summarized by a summarize. */
export function named(step: Step): Span[] {
  const { call } = step;
  if (call.op === "summarize") return sources(call);
  if (call.op !== "prune") return [];
  const wanted = new Set(call.evict_ids);
  return call.window.spans.filter((span) => wanted.has(span.span_id));
}

const ids = (step: Step): readonly string[] => (step.call.op === "prune" ? step.call.evict_ids : step.call.op === "summarize" ? step.call.span_ids : []);
const faulty = (step: Step) => named(step).some((span) => copyProblem(span, step.truth, step.call.store) !== null);
const derived = (step: Step) => step.call.window.derivation_depth >= 1;

const repeated = (step: Step) => new Set(ids(step)).size < ids(step).length;
const outOfWindowOrder = (step: Step) =>
  outOfOrder(
    step.call.window.spans.map((span) => span.span_id),
    ids(step),
  );

/** Reaching requests, by the shape they have; rules.ts says which rule each one reaches. */
export const REACH = {
  any: () => true,
  success: (step) => step.outcome.ok,
  refusal: (step) => !step.outcome.ok,
  extraFields: (step) => step.call.window.spans.some((span) => Object.keys(span).some((key) => key.startsWith("x_"))),
  oddText: (step) => step.call.window.spans.some((span) => span.text !== span.text.normalize("NFC") || span.text.trim() !== span.text || span.text === ""),
  uncopiedNamed: faulty,
  uncopiedProtected: (step) => named(step).some((span) => isProtected(step.truth, span) && copyProblem(span, step.truth, step.call.store) !== null),
  copiedProtectedPrune: (step) =>
    step.call.op === "prune" && named(step).some((span) => isProtected(step.truth, span) && copyProblem(span, step.truth, step.call.store) === null),
  copiedUntaggedPrune: (step) =>
    step.call.op === "prune" &&
    named(step).some((span) => !isProtected(step.truth, span) && kindOf(span) !== "pointer" && copyProblem(span, step.truth, step.call.store) === null),
  staleNamed: (step) => named(step).some((span) => copyProblem(span, step.truth, step.call.store) === "stale_key"),
  stalePast32k: (step) => named(step).some((span) => span.text.length >= 2 ** 15 && copyProblem(span, step.truth, step.call.store) === "stale_key"),
  derivedUngrounded: (step) =>
    derived(step) && (step.call.op === "prune" || step.call.op === "summarize") && ungroundedSpans(step.call.window, step.truth, step.call.store).length > 0,
  derivedUngroundedCompact: (step) => derived(step) && step.call.op === "compact" && ungroundedSpans(step.call.window, step.truth, step.call.store).length > 0,
  derivedUngroundedSummarize: (step) =>
    derived(step) && step.call.op === "summarize" && ungroundedSpans(step.call.window, step.truth, step.call.store).length > 0,
  prunePointer: (step) => step.call.op === "prune" && named(step).some((span) => kindOf(span) === "pointer"),
  pruneAbsent: (step) =>
    step.call.op === "prune" && step.call.evict_ids.some((id) => !step.call.window.spans.some((span) => span.span_id === id)) && isSafe(step),
  repeatedIds: (step) => repeated(step),
  outOfOrder: (step) => outOfWindowOrder(step),
  summarize: (step) => step.call.op === "summarize",
  summarizeMany: (step) => step.call.op === "summarize" && sources(step.call).length >= 2,
  summarizeTagged: (step) => step.call.op === "summarize" && sources(step.call).some((span) => span.tags.length > 0),
  summarizeProtected: (step) => step.call.op === "summarize" && isSafe(step) && sources(step.call).some((span) => isProtected(step.truth, span)),
  summarizeSummary: (step) => step.call.op === "summarize" && sources(step.call).some(isSummaryLike),
  takenSummaryId: (step) =>
    step.call.op === "summarize" && step.call.window.spans.some((span) => span.span_id === (step.call as { summary_id: string }).summary_id),
  unresolvedSummary: (step) =>
    step.call.window.spans.some(
      (span) => isSummaryLike(span) && (span.provenance ?? []).some((entry) => !Object.hasOwn(step.call.store, entry.externalized_key)),
    ),
  reground: (step) => step.call.op === "reground" && step.call.window.spans.some((span) => kindOf(span) === "pointer"),
  regroundUnresolvable: (step) =>
    step.call.op === "reground" &&
    step.call.window.spans.some((span) => kindOf(span) === "pointer" && !Object.hasOwn(step.call.store, span.externalized_key as string)),
  compact: (step) => step.call.op === "compact",
  compactOver: (step) => step.call.op === "compact" && isSafe(step),
  compactAgain: (step) => step.call.op === "compact" && step.previous?.call.op === "compact" && step.previous.outcome.ok,
  compactCopiedProtected: (step) =>
    step.call.op === "compact" &&
    step.call.window.spans.some((span) => isProtected(step.truth, span) && copyProblem(span, step.truth, step.call.store) === null),
  compactSummary: (step) => step.call.op === "compact" && step.call.window.spans.some(isSummaryLike),
  modelFailure: (step) => step.model.some(modelFailed),
  compactWritesSummary: (step) => summaryWrites(step).length > 0 && step.call.op === "compact",
  // A compaction's summary written beside an earlier summary, whose provenance names ids no span has any more.
  compactWritesBesideProvenance: (step) =>
    step.call.op === "compact" && summaryWrites(step).length > 0 && step.call.window.spans.some((span) => (span.provenance ?? []).length > 0),
  // A summarize the model writes (no summary_text) whose sources include a precondition span, nothing at fault.
  modelSummarizeProtected: (step) =>
    step.call.op === "summarize" && step.call.summary_text === undefined && isSafe(step) && sources(step.call).some((span) => isProtected(step.truth, span)),
  // A summary a model-driven pruner wrote from its model's words: a compact's, or a summarize's without summary_text.
  modelWritesSummary: (step) =>
    step.model.some((exchange) => exchange.call.kind === "summarize") &&
    !(step.call.op === "summarize" && step.call.summary_text !== undefined) &&
    summaryWrites(step).some((write) => write.summary !== undefined && write.sources.length > 0),
  safe: (step) => step.call.op !== "reground" && isSafe(step),
  dependents: (step) => step.call.window.spans.some((span) => (span.depends_on ?? []).length > 0) && named(step).length > 0,
  emptyKey: (step) => named(step).some((span) => span.externalized_key === "") || step.call.window.spans.some((span) => span.text === ""),
  pointerLookalike: (step) =>
    named(step).some((span) => kindOf(span) !== "pointer" && POINTER_LOOKALIKES.includes(span.text) && copyProblem(span, step.truth, step.call.store) !== null),
  regroundOriginals: (step) =>
    step.call.op === "reground" &&
    step.call.window.spans.some((span) => kindOf(span) === "original" && copyProblem(span, step.truth, step.call.store) !== null),
  summarizeFaulty: (step) => step.call.op === "summarize" && faulty(step),
  // What the requests name, as docs/protocol.md's own summarize example does: ids out of window order, or twice.
  summarizeOutOfOrder: (step) => step.call.op === "summarize" && outOfWindowOrder(step),
  summarizeRepeated: (step) => step.call.op === "summarize" && repeated(step),
  ...(Object.fromEntries(Object.entries(ANSWER_SPACE).map(([name, { reach }]) => [name, reach])) as Record<keyof typeof ANSWER_SPACE, Reach>),
} satisfies Record<string, Reach>;

export type ReachName = keyof typeof REACH;
