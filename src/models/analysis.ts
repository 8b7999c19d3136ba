import { dequal } from "dequal/lite";
import { isBlank } from "../wire/blank.ts";
import type { OperationCall } from "../wire/protocol.ts";
import type { Span, Window } from "../wire/window.ts";
import { windowSize } from "../wire/budget.ts";
import { kindOf } from "../wire/window.ts";
import type { Step } from "./property.ts";
import type { RefusalReason } from "../errors/unrecoverable.ts";
import type { Store } from "../wire/window.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import { describeDifference } from "./text-difference.ts";
import { hasExactCopy, provenanceResolves, resolvesTo, storedText, ungroundedSpans, type Truth } from "./truth.ts";

/** Helpers shared by properties: what a request asked for and what the oracle says it was owed. */

export function describeSpan(span: Pick<Span, "span_id">): string {
  return JSON.stringify(span.span_id);
}

export function byId(window: Window): Map<string, Span> {
  return new Map(window.spans.map((span) => [span.span_id, span]));
}

/**
 * Equality of wire data, by value: the plain objects, arrays, strings, numbers, booleans and nulls a
 * request or an answer is made of (key order aside). dequal is several times faster on it than
 * util.isDeepStrictEqual, which also compares what wire data never has: symbols, exotic prototypes.
 */
export const sameData: (a: unknown, b: unknown) => boolean = dequal;

/** Field-for-field equality, with an absent `kind` meaning "original" as the schema says. */
export function sameSpan(a: Span, b: Span): boolean {
  return kindOf(a) === kindOf(b) && sameData({ ...a, kind: undefined }, { ...b, kind: undefined });
}

/**
 * What differs between two versions of a span, field by field, for a finding: a changed text by its
 * lengths and the first characters that differ, any other field by its values, so that a span of a
 * megabyte cut short reads as the cut, not as both megabytes.
 */
export function spanChanges(before: Span, after: Span): string {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  // Own fields only: a span without a "__proto__" field of its own would read its prototype there (issue 45).
  const field = (span: Span, key: string) => (Object.hasOwn(span, key) ? (span as Record<string, unknown>)[key] : undefined);
  return fields
    .filter((key) => key !== "kind" && !sameData(field(before, key), field(after, key)))
    .concat(kindOf(before) === kindOf(after) ? [] : ["kind"])
    .map((key) => {
      if (key === "text") return textChange(before.text, after.text);
      const [was, is] = key === "kind" ? [kindOf(before), kindOf(after)] : [field(before, key), field(after, key)];
      return `its ${key} ${JSON.stringify(was) ?? "(absent)"} became ${JSON.stringify(is) ?? "(absent)"}`;
    })
    .join("; ");
}

function textChange(before: string, after: string): string {
  return `its text of ${before.length} characters became ${after.length}: ${describeDifference(before, after, "the answer")}`;
}

/**
 * The spans of the input window an operation evicted: for prune, the ones it was asked to (ids absent
 * from the window are no one); for compact, which chooses for itself, the ones its answer no longer holds
 * as they were, i.e. gone or turned into pointers, except those a summary it wrote now stands for (see
 * summaryWrites): those were summarized away, not evicted.
 */
export function evicted(step: Pick<Step, "call" | "outcome">): Span[] {
  const { call, outcome } = step;
  if (call.op === "prune") {
    const wanted = new Set(call.evict_ids);
    return call.window.spans.filter((span) => wanted.has(span.span_id));
  }
  if (call.op !== "compact" || !outcome.ok) return [];
  const after = byId(outcome.window);
  const summarized = new Set(summaryWrites(step).flatMap((write) => write.sources.map((span) => span.span_id)));
  return call.window.spans.filter((span) => {
    const kept = after.get(span.span_id);
    if (kept === undefined) return !summarized.has(span.span_id);
    return kindOf(kept) === "pointer" && kindOf(span) !== "pointer";
  });
}

/** The spans a summarize compresses, in window order. */
export function sources(call: OperationCall): Span[] {
  if (call.op !== "summarize") return [];
  const wanted = new Set(call.span_ids);
  return call.window.spans.filter((span) => wanted.has(span.span_id));
}

/** A summary an operation wrote (or was to write), and the spans of the input window it replaced, in window order. */
export interface SummaryWrite {
  readonly summary_id: string;
  /** The span under that id in the answer; undefined when a summarize did not write it. */
  readonly summary: Span | undefined;
  readonly sources: readonly Span[];
}

/**
 * Every summary an operation wrote. For summarize, the one it was asked for, over the sources it was asked
 * to compress. For compact (issue 32: a model-driven compactor writes its own summaries), every summary
 * span under an id the input window did not have, over the spans it names in its provenance that are
 * gone from the answer: what it claims to stand for and does. A provenance entry for a span still in the
 * window is a claim, not a source, and provenance-resolves judges it.
 */
export function summaryWrites(step: Pick<Step, "call" | "outcome">): SummaryWrite[] {
  const { call, outcome } = step;
  if (call.op === "summarize") {
    const summary = outcome.ok ? outcome.window.spans.find((span) => span.span_id === call.summary_id) : undefined;
    return [{ summary_id: call.summary_id, summary, sources: sources(call) }];
  }
  if (call.op !== "compact" || !outcome.ok) return [];
  const before = byId(call.window);
  const after = byId(outcome.window);
  return outcome.window.spans
    .filter((span) => !before.has(span.span_id) && kindOf(span) === "summary")
    .map((summary) => {
      const named = new Set((summary.provenance ?? []).map((entry) => entry.span_id));
      return { summary_id: summary.span_id, summary, sources: call.window.spans.filter((span) => named.has(span.span_id) && !after.has(span.span_id)) };
    });
}

/** The sources of every summary an operation wrote (see summaryWrites). */
export function summarized(step: Pick<Step, "call" | "outcome">): Span[] {
  return summaryWrites(step).flatMap((write) => write.sources);
}

export function isSummaryLike(span: Span): boolean {
  return kindOf(span) === "summary" || span.provenance !== undefined;
}

/**
 * The spans that make a request unsafe, by the oracle, each with the reason codes an honest refusal naming
 * it may give (docs/protocol.md §5): a request with no span at fault must succeed, and a refusal of a
 * request with some should name one of them, for one of its reasons. A span can be at fault for more than
 * one reason (a stale original in a derived window is both `derived_ungrounded` and `stale_key`); any of
 * them is honest. Request-level faults name the id they are about (an absent source, a colliding summary
 * id); an empty selection is about no span, and stands under `null`.
 */
export function faults(step: Pick<Step, "call" | "truth" | "outcome"> & Partial<Pick<Step, "model">>): ReadonlyMap<string | null, ReadonlySet<RefusalReason>> {
  const { call, truth } = step;
  const store = call.store;
  const found = new Map<string | null, Set<RefusalReason>>();
  const add = (id: string | null, ...codes: (RefusalReason | null)[]) => {
    const set = found.get(id) ?? new Set();
    for (const code of codes) if (code !== null) set.add(code);
    found.set(id, set);
  };
  if (call.op !== "reground" && call.window.derivation_depth >= 1) {
    for (const span of ungroundedSpans(call.window, truth, store)) add(span.span_id, "derived_ungrounded", groundingProblem(span, truth, store));
  }
  // A model that failed is reason enough to change nothing: the request's own faults aside, refusing is honest.
  if (step.model?.some(modelFailed) === true) add(null, "model_failed");
  switch (call.op) {
    case "prune":
      for (const span of evicted(step)) {
        const problem = copyProblem(span, truth, store);
        if (problem !== null) add(span.span_id, problem);
      }
      break;
    case "compact":
      // Over budget, what stands in the way is whatever has no copy to evict to.
      if (windowSize(call.window, call.budget.unit) <= call.budget.limit) break;
      for (const span of call.window.spans) {
        const problem = kindOf(span) === "pointer" ? null : copyProblem(span, truth, store);
        if (problem !== null) add(span.span_id, "budget_unreachable", problem);
      }
      break;
    case "summarize": {
      if (call.span_ids.length === 0) add(null, "empty_selection");
      const present = new Set(call.window.spans.map((span) => span.span_id));
      for (const id of call.span_ids) if (!present.has(id)) add(id, "unknown_span");
      if (present.has(call.summary_id)) add(call.summary_id, "duplicate_span_id");
      for (const span of sources(call)) {
        const problem = copyProblem(span, truth, store);
        if (isSummaryLike(span) || problem !== null) add(span.span_id, isSummaryLike(span) ? "summary_depth_exceeded" : null, problem);
      }
      break;
    }
    case "reground":
      // Reground leaves originals alone, so only pointers and summaries can stand in its way.
      for (const span of ungroundedSpans(call.window, truth, store)) if (kindOf(span) !== "original") add(span.span_id, groundingProblem(span, truth, store));
      break;
  }
  return found;
}

/** A call the harness's model failed: an error, a timeout, or an empty summary. */
export function modelFailed(exchange: ModelExchange): boolean {
  const { answer } = exchange;
  return !answer.ok || ("text" in answer && isBlank(answer.text));
}

/** The ids of the spans at fault (see faults). */
export function culprits(step: Pick<Step, "call" | "truth" | "outcome"> & Partial<Pick<Step, "model">>): string[] {
  return [...faults(step).keys()].filter((id) => id !== null);
}

/** Why a span has no byte-exact copy by the oracle (the reason codes of docs/protocol.md §5), or null. */
export function copyProblem(span: Span, truth: Truth, store: Store): RefusalReason | null {
  const key = span.externalized_key;
  if (kindOf(span) === "pointer") {
    if (storedText(store, key) === undefined) return "unresolvable_pointer";
    // The key is there but holds another text than the span had: from inside the window that looks resolvable.
    if (!resolvesTo(store, key, truth.get(span.span_id)?.text)) return "stale_key";
  } else {
    if (key === null) return "not_externalized";
    if (storedText(store, key) === undefined) return "key_missing";
    if (storedText(store, key) !== span.text) return "stale_key";
  }
  return provenanceResolves(span, truth, store) ? null : "unresolvable_provenance";
}

/** Why a span cannot be recovered from the store: a summary through its provenance, anything else by its copy. */
function groundingProblem(span: Span, truth: Truth, store: Store): RefusalReason | null {
  if (kindOf(span) !== "summary") return copyProblem(span, truth, store);
  return provenanceResolves(span, truth, store) ? null : "unresolvable_provenance";
}

/** A request no property may refuse: nothing in it is at fault. */
export function isSafe(step: Pick<Step, "call" | "truth" | "outcome"> & Partial<Pick<Step, "model">>): boolean {
  const { call } = step;
  // How far pointers shrink a window is the implementation's choice, so only a compact that needs no
  // eviction at all is owed a success.
  if (call.op === "compact" && windowSize(call.window, call.budget.unit) > call.budget.limit) return false;
  return faults(step).size === 0;
}
