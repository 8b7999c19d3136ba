import { dequal } from "dequal/lite";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { Outcome, Request } from "../wire/protocol.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { replayedIndex, type Report } from "./report.ts";

/**
 * The most spans a report shows of one window. A real context has thousands (the big-window runs append up
 * to 3,000), and a report showing each whole, in its requests, its windows and its story, was 5.7 MB of JSON
 * and 0.7 MB of Markdown for one timeout (issue 46: 31 MB and 1.4 MB before). Shrinking brings an ordinary
 * finding well under this; a finding that needs a big window (a timeout, a fixed-size buffer) shows the
 * spans that matter to it, and counts the rest.
 */
export const SHOWN_SPANS = 48;

/** Spans shown at each end of a window cut short, whatever else is shown: where it starts and where it ends. */
const ENDS = 3;

/** A run of spans a report leaves out of a window: from index `at` of the whole window, `count` of them. */
export interface LeftOut {
  at: number;
  count: number;
}

/** A window as a report shows it: the spans shown, and when some were left out, where and how many of how many. */
export interface Excerpt {
  readonly window: Window;
  readonly cut: { spans: number; left_out: LeftOut[] } | null;
}

/** What a request's spans are judged on: the request, its answer when it had one, the model's part, the finding. */
export interface Judged {
  readonly request: Request;
  readonly outcome?: Outcome | null;
  readonly model?: readonly ModelExchange[] | undefined;
  readonly findingSpanId?: string | null;
}

/**
 * The ids of the spans a finding on `judged` turns on, most telling first: the span the finding names, the
 * spans the request names, the spans its answer changed, dropped or added, and the spans the model was
 * shown or named. Each id once.
 */
export function idsThatMatter(judged: Judged): string[] {
  const { request, outcome, model, findingSpanId } = judged;
  const ids: string[] = [];
  if (findingSpanId !== undefined && findingSpanId !== null) ids.push(findingSpanId);
  if (request.op === "prune") ids.push(...request.evict_ids);
  if (request.op === "summarize") ids.push(...request.span_ids, request.summary_id);
  if (!outcome?.ok && outcome?.error.span_id) ids.push(outcome.error.span_id);
  if (outcome?.ok && "window" in request) ids.push(...changedIds(request.window, outcome.window));
  for (const { call, answer } of model ?? []) {
    ids.push(...call.span_ids);
    if (answer.ok && "evict_ids" in answer) ids.push(...answer.evict_ids);
    if (answer.ok && "provenance" in answer) ids.push(...(answer.provenance ?? []));
  }
  return [...new Set(ids)];
}

/** Spans of `before` that `after` dropped or changed, then spans `after` added, in window order. */
function changedIds(before: Window, after: Window): string[] {
  const kept = new Map(after.spans.map((span) => [span.span_id, span]));
  const had = new Set(before.spans.map((span) => span.span_id));
  return [
    ...before.spans.filter((span) => { const now = kept.get(span.span_id); return now === undefined || !dequal(now, span); }).map((span) => span.span_id),
    ...after.spans.filter((span) => !had.has(span.span_id)).map((span) => span.span_id),
  ];
}

/**
 * `window` as a report shows it: whole when it has at most SHOWN_SPANS spans; otherwise the spans `matter`
 * names (most telling first, as idsThatMatter orders them), the spans those depend on, and the first and
 * last few, SHOWN_SPANS in all at most, in window order.
 */
export function excerptWindow(window: Window, matter: readonly string[]): Excerpt {
  if (window.spans.length <= SHOWN_SPANS) return { window, cut: null };
  const index = new Map(window.spans.map((span, at) => [span.span_id, at]));
  const shown = new Set<number>();
  const show = (at: number | undefined) => {
    if (at !== undefined && shown.size < SHOWN_SPANS) shown.add(at);
  };
  const named = matter.flatMap((id) => (index.has(id) ? [index.get(id) as number] : []));
  named.forEach(show);
  for (const at of named) for (const id of window.spans[at]?.depends_on ?? []) show(index.get(id));
  const last = window.spans.length - 1;
  for (let offset = 0; offset < ENDS; offset++) [offset, last - offset].forEach(show);
  const kept = [...shown].sort((a, b) => a - b);
  return { window: { ...window, spans: kept.map((at) => window.spans[at] as Span) }, cut: { spans: window.spans.length, left_out: gaps(kept, window.spans.length) } };
}

/** The runs of indexes below `length` that `kept` (ascending) leaves out. */
function gaps(kept: readonly number[], length: number): LeftOut[] {
  const runs: LeftOut[] = [];
  let next = 0;
  for (const at of [...kept, length]) {
    if (at > next) runs.push({ at: next, count: at - next });
    next = at + 1;
  }
  return runs;
}

/** The store entries the spans of `shown` name (their keys, their sources' keys), and how many others it held. */
export function excerptStore(store: Store, shown: Window): { readonly store: Store; readonly left_out: number } {
  const named = new Set(shown.spans.flatMap((span) => [span.externalized_key, ...(span.provenance ?? []).map((entry) => entry.externalized_key)]));
  // fromEntries defines own keys, so a key "__proto__" stays an entry, as a replayed request must send it.
  const kept: Store = Object.fromEntries(Object.entries(store).filter(([key]) => named.has(key)));
  return { store: kept, left_out: Object.keys(store).length - Object.keys(kept).length };
}

/**
 * The report with every window longer than SHOWN_SPANS cut to the spans that matter (excerptWindow) and
 * `excerpt` saying what was left out; the same report when no window is that long. `judged` runs beside the
 * report's requests: each request's window shows what matters to its own exchange and to the failing one.
 * The request a replay sends again (replayedIndex) stays whole.
 */
export function excerptReport(report: Report, judged: readonly Judged[]): Report {
  const failing = judged.at(-1);
  const matter = failing === undefined ? [] : idsThatMatter(failing);
  const before = report.before === null ? null : excerptWindow(report.before, matter);
  const after = report.after === null ? null : excerptWindow(report.after, matter);
  const replayed = replayedIndex(report);
  const requests = report.requests.map((request, index) => {
    if (index === replayed || !("window" in request)) return { request, cut: null };
    const own = judged[index];
    const { window, cut } = excerptWindow(request.window, own === undefined ? matter : [...idsThatMatter(own), ...matter]);
    if (cut === null) return { request, cut: null };
    const store = excerptStore(request.store, window);
    return { request: { ...request, window, store: store.store }, cut: { ...cut, store_left_out: store.left_out } };
  });
  if (before?.cut == null && after?.cut == null && requests.every((entry) => entry.cut === null)) return report;
  const response = report.response?.ok === true && after !== null ? { ...report.response, window: after.window } : report.response;
  return {
    ...report,
    requests: requests.map((entry) => entry.request),
    response,
    before: before?.window ?? null,
    after: after?.window ?? null,
    excerpt: {
      shown: SHOWN_SPANS,
      ...(before?.cut == null ? {} : { before: before.cut }),
      ...(after?.cut == null ? {} : { after: after.cut }),
      ...(requests.every((entry) => entry.cut === null) ? {} : { requests: requests.map((entry) => entry.cut) }),
    },
  };
}

/** How many spans the window of the report's request `index` had whole, shown or not. */
export function wholeSpanCount(report: Report, index: number): number {
  const request = report.requests[index];
  return report.excerpt?.requests?.[index]?.spans ?? (request !== undefined && "window" in request ? request.window.spans.length : 0);
}
