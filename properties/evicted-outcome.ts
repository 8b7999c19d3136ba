import type { Span, Store, Window } from "../src/wire/window.ts";
import { kindOf } from "../src/wire/window.ts";
import type { Finding } from "../src/models/property.ts";
import { describeSpan, sameData } from "../src/models/analysis.ts";
import type { Truth } from "../src/models/truth.ts";
import { storedText } from "../src/models/truth.ts";

/**
 * What became of one evicted span: it must be a pointer under the same id, with the same tags and every
 * other field of the span, whose key gives back the exact text. Shared by the properties that demand a
 * pointer (for precondition spans at core, for every span at strict), so "a resolvable pointer" means one
 * thing everywhere.
 */
export function pointerProblem(span: Span, output: Window, truth: Truth, store: Store): Finding | null {
  const after = output.spans.find((candidate) => candidate.span_id === span.span_id);
  const text = truth.get(span.span_id)?.text;
  const id = describeSpan(span);
  if (after === undefined) {
    return { span_id: span.span_id, message: `span ${id} was evicted with no pointer left in the window: its text is gone from the window` };
  }
  if (kindOf(after) !== "pointer") {
    return after.text === text && kindOf(span) !== "pointer"
      ? { span_id: span.span_id, message: `span ${id} was asked to be evicted but came back as a ${kindOf(after)} rather than a pointer` }
      : { span_id: span.span_id, message: `span ${id} was replaced by a ${kindOf(after)} with different text (a paraphrase), not a pointer` };
  }
  if (storedText(store, after.externalized_key) !== text) {
    return {
      span_id: span.span_id,
      message: `the pointer left for ${id} has key ${JSON.stringify(after.externalized_key)}, which does not resolve to its exact text`,
    };
  }
  if (!sameData(after.tags, span.tags)) {
    return { span_id: span.span_id, message: `the pointer left for ${id} has tags ${JSON.stringify(after.tags)}, not ${JSON.stringify(span.tags)}` };
  }
  const [kept, had] = [carried(after), carried(span)];
  if (!sameData(kept, had)) {
    return { span_id: span.span_id, message: `the pointer left for ${id} carries ${JSON.stringify(kept)}, not the span's own ${JSON.stringify(had)}` };
  }
  return null;
}

/**
 * What a pointer must carry over from its span: every field but the text it sets aside, its kind and its
 * key (any key that resolves will do). Extra fields included: the wire contract has them survive every
 * operation untouched.
 */
function carried({ text: _text, kind: _kind, externalized_key: _key, ...fields }: Span): Omit<Span, "text" | "kind" | "externalized_key"> {
  return fields;
}
