import type { Window } from "../../../src/wire/window.ts";

/** The window with the tags of its summary `summaryId` rewritten, for mutants whose one fault is a summary's tags. */
export function retagSummary(window: Window, summaryId: string, retag: (tags: readonly string[]) => string[]): Window {
  return { ...window, spans: window.spans.map((span) => (span.span_id === summaryId ? { ...span, tags: retag(span.tags) } : span)) };
}
