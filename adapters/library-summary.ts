/**
 * A summary a library wrote, as a summary span. Libraries keep no store and no provenance, and their
 * summaries carry no tags; on the wire a summary names its sources, so this one names every span the
 * library summarized, each under its own key, or, for a span that never had one, under
 * `no-copy:<span_id>`, a key no store holds, since the library kept no copy of it. Its id is its own,
 * `<first source's id>~summary`, as the protocol asks of a summary a compaction writes.
 */
import { freshId } from "prunecheck";
import type { Span, Window } from "prunecheck";

export function librarySummary(text: string, sources: readonly Span[], window: Window): Span {
  // A summary of nothing (a prompt the library emptied before asking) names no source, which no wire
  // summary may: it is a new message the library made up, and the harness judges it as one.
  if (sources.length === 0) return { span_id: freshId("history~summary", window), text, tags: [], externalized_key: null };
  return {
    span_id: freshId(`${sources[0]!.span_id}~summary`, window),
    kind: "summary",
    text,
    tags: [],
    externalized_key: null,
    provenance: sources.map((span) => ({ span_id: span.span_id, externalized_key: span.externalized_key ?? `no-copy:${span.span_id}` })),
    derivation_depth: 1 + Math.max(0, ...sources.map((span) => span.derivation_depth ?? 0)),
  };
}

/**
 * The spans a library's prompt to its model held, of those it hands the model to summarize: each whose text,
 * but for white space at its ends, the prompt holds (a prompt lists each message trimmed, as VoltAgent's
 * does, and a model reads the same words; a span with no text but white space has nothing to leave out).
 * What an adapter asks the harness's model to summarize, so that a summary standing for more is
 * model-saw-sources' finding ([p-model-shown]) about the library's prompt, not a choice of the adapter's.
 */
export function shownIn(prompt: string, spans: readonly Span[]): Span[] {
  return spans.filter((span) => prompt.includes(span.text.trim()));
}
