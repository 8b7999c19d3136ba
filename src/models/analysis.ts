import { isDeepStrictEqual } from "node:util";
import type { OperationCall } from "../wire/protocol.ts";
import type { Span, Window } from "../wire/window.ts";
import { windowSize } from "../wire/budget.ts";
import { kindOf } from "../wire/window.ts";
import type { Step } from "./property.ts";
import { hasExactCopy, ungroundedSpans } from "./truth.ts";

/** Helpers shared by properties: what a request asked for and what the oracle says it was owed. */

export function describeSpan(span: Pick<Span, "span_id">): string {
  return JSON.stringify(span.span_id);
}

export function byId(window: Window): Map<string, Span> {
  return new Map(window.spans.map((span) => [span.span_id, span]));
}

/** Field-for-field equality, with an absent `kind` meaning "original" as the schema says. */
export function sameSpan(a: Span, b: Span): boolean {
  return isDeepStrictEqual({ ...a, kind: kindOf(a) }, { ...b, kind: kindOf(b) });
}

/**
 * The spans of the input window an operation evicted: for prune, the ones it was asked to (ids absent
 * from the window are no one); for compact, which chooses for itself, the ones its answer no longer holds
 * as they were, i.e. gone or turned into pointers.
 */
export function evicted(step: Pick<Step, "call" | "outcome">): Span[] {
  const { call, outcome } = step;
  if (call.op === "prune") {
    const wanted = new Set(call.evict_ids);
    return call.window.spans.filter((span) => wanted.has(span.span_id));
  }
  if (call.op !== "compact" || !outcome.ok) return [];
  const after = byId(outcome.window);
  return call.window.spans.filter((span) => {
    const kept = after.get(span.span_id);
    return kept === undefined || (kindOf(kept) === "pointer" && kindOf(span) !== "pointer");
  });
}

/** The spans a summarize compresses, in window order. */
export function sources(call: OperationCall): Span[] {
  if (call.op !== "summarize") return [];
  const wanted = new Set(call.span_ids);
  return call.window.spans.filter((span) => wanted.has(span.span_id));
}

export function isSummaryLike(span: Span): boolean {
  return kindOf(span) === "summary" || span.provenance !== undefined;
}

/**
 * The spans that make a request unsafe, by the oracle: a request with no culprit must succeed, and a
 * refusal of a request with culprits should name one of them.
 */
export function culprits(step: Pick<Step, "call" | "truth" | "outcome">): Span[] {
  const { call, truth } = step;
  const derivedAndUngrounded =
    call.op !== "reground" && call.window.derivation_depth >= 1 ? ungroundedSpans(call.window, truth, call.store) : [];
  switch (call.op) {
    case "prune":
      return unique([...evicted(step).filter((span) => !hasExactCopy(span, truth, call.store)), ...derivedAndUngrounded]);
    case "compact":
      // Over budget, what stands in the way is whatever has no copy to evict to.
      return unique([
        ...(windowSize(call.window, call.budget.unit) > call.budget.limit ? call.window.spans.filter((span) => kindOf(span) !== "pointer" && !hasExactCopy(span, truth, call.store)) : []),
        ...derivedAndUngrounded,
      ]);
    case "summarize": {
      const present = new Set(call.window.spans.map((span) => span.span_id));
      const absent = call.span_ids.filter((id) => !present.has(id)).map((id) => placeholder(id));
      const collision = present.has(call.summary_id) ? [placeholder(call.summary_id)] : [];
      const bad = sources(call).filter((span) => isSummaryLike(span) || !hasExactCopy(span, truth, call.store));
      return unique([...absent, ...collision, ...bad, ...derivedAndUngrounded]);
    }
    case "reground":
      // Reground leaves originals alone, so only pointers and summaries can stand in its way.
      return ungroundedSpans(call.window, truth, call.store).filter((span) => kindOf(span) !== "original");
  }
}

/** A request no property may refuse: nothing in it is at fault, and (summarize) it names something. */
export function isSafe(step: Pick<Step, "call" | "truth" | "outcome">): boolean {
  const { call } = step;
  if (call.op === "summarize" && call.span_ids.length === 0) return false;
  // How far pointers shrink a window is the implementation's choice, so only a compact that needs no
  // eviction at all is owed a success.
  if (call.op === "compact" && windowSize(call.window, call.budget.unit) > call.budget.limit) return false;
  return culprits(step).length === 0;
}

function placeholder(span_id: string): Span {
  return { span_id, text: "", tags: [], externalized_key: null };
}

function unique(spans: Span[]): Span[] {
  const seen = new Set<string>();
  return spans.filter((span) => !seen.has(span.span_id) && seen.add(span.span_id));
}
