import { capText } from "../errors/cap-text.ts";
import type { Exchange } from "../transport/driver.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { Request } from "../wire/protocol.ts";
import type { Store, Window } from "../wire/window.ts";
import { replayedIndex, type Report } from "./report.ts";

/**
 * The most a report's JSON may hold, in UTF-16 code units of its compact form: a quarter of what prunecheck
 * reads back (FILE_LIMITS.compactBytes, 64 MiB), so that every report it writes is one `replay` can read,
 * pretty-printed and in any script (issue 45: a 34 MB answer gave a 71 MB report that replay refused).
 */
export const REPORT_MAX_CHARS = 16 * 1024 * 1024;

/** The caps tried in turn on a window's longest texts, until the report fits: generous first. */
const TEXT_CAPS = [64 * 1024, 4096, 256, 32] as const;

/**
 * The longest span text a run keeps for its report, in the exchanges of its trace: sixteen times the longest
 * the generators write (65,537 characters), so only a hostile answer is cut, and a run holding the answers
 * of its requests for a report holds at most this much of each text (issue 45: 60 MB answers took 4.4 GB).
 * The properties judge the answers whole; only the copy kept for the report is cut.
 */
export const TRACE_TEXT_MAX = 1024 * 1024;

/**
 * The exchange as a run's trace keeps it (TRACE_TEXT_MAX), and how many of its texts were cut: span texts,
 * store texts and the prompts of the pruner's model calls, each of which an adapter may fill to a line.
 */
export function boundExchange(exchange: Exchange): { readonly exchange: Exchange; readonly cut: number } {
  let cut = 0;
  const counted = () => cut++;
  const { request, outcome, model } = exchange;
  const kept: Exchange = {
    ...exchange,
    request: capRequest(request, TRACE_TEXT_MAX, counted),
    outcome: outcome.ok ? { ...outcome, window: capTexts(outcome.window, TRACE_TEXT_MAX, counted) } : outcome,
    ...(model === undefined ? {} : { model: model.map((called) => capPrompt(called, counted)) }),
  };
  return cut === 0 ? { exchange, cut } : { exchange: kept, cut };
}

function capPrompt(called: ModelExchange, cut: () => void): ModelExchange {
  const { prompt } = called.call;
  if (prompt === undefined || prompt.length <= TRACE_TEXT_MAX) return called;
  cut();
  return { ...called, call: { ...called.call, prompt: capText(prompt, TRACE_TEXT_MAX) } };
}

/** The request with its window's texts and its store's texts cut to `cap`; the same request when none is. */
function capRequest<R extends Request>(request: R, cap: number, cut: () => void): R {
  if (!("window" in request)) return request;
  const window = capTexts(request.window, cap, cut);
  const store = "store" in request ? capStore(request.store, cap, cut) : undefined;
  if (window === request.window && store === (request as { store?: Store }).store) return request;
  return { ...request, window, ...(store === undefined ? {} : { store }) };
}

function capStore(store: Store, cap: number, cut: () => void): Store {
  if (!Object.values(store).some((text) => text.length > cap)) return store;
  const capped: Store = { ...store };
  for (const [key, text] of Object.entries(store)) {
    if (text.length <= cap) continue;
    cut();
    capped[key] = capText(text, cap);
  }
  return capped;
}

/**
 * The report, whole when it fits in REPORT_MAX_CHARS (the replayed request aside); otherwise with every span
 * text longer than a cap cut to its start and end around a marker saying how much was left out (capText), in
 * the windows it shows: the answer, the windows before and after, and the requests of the run. Never in the
 * request a replay sends again (the last one, for a case or a trace line, whose replay is that request): a
 * replay stays exact. `trimmed` then says how many texts were cut and to what cap, for the Markdown and for a
 * reader of the JSON; `cutBefore` counts the texts the run's trace had already cut (boundExchange).
 */
export function boundReport(report: Report, cutBefore = 0): Report {
  const before = cutBefore === 0 ? report : { ...report, trimmed: { texts: cutBefore, cap: TRACE_TEXT_MAX } };
  if (sizeOf(before) <= REPORT_MAX_CHARS) return before;
  let bounded = before;
  for (const cap of TEXT_CAPS) {
    bounded = capReport(before, cap);
    if (sizeOf(bounded) <= REPORT_MAX_CHARS) break;
  }
  return bounded;
}

/**
 * What the report holds besides the request a replay sends: that one is kept whole, and is a request the
 * harness made or a runtime recorded, within a protocol line (64 MiB) either way.
 */
function sizeOf(report: Report): number {
  const replayed = replayedIndex(report);
  return JSON.stringify(replayed === -1 ? report : { ...report, requests: report.requests.filter((_, index) => index !== replayed) }).length;
}

function capReport(report: Report, cap: number): Report {
  let texts = 0;
  const window = (shown: Window | null): Window | null => (shown === null ? null : capTexts(shown, cap, () => texts++));
  const replayed = replayedIndex(report);
  const requests = report.requests.map((request, index) => (index === replayed ? request : capRequest(request, cap, () => texts++)));
  const response = report.response?.ok === true ? { ...report.response, window: window(report.response.window) as Window } : report.response;
  const capped = { ...report, requests, response, before: window(report.before), after: window(report.after) };
  // A text the trace had cut and this cap cut again is counted once.
  return texts === 0 ? report : { ...capped, trimmed: { texts: Math.max(texts, report.trimmed?.texts ?? 0), cap } };
}

/** The window with each span text longer than `cap` cut to it (capText), `cut` told of each; the same window when none is. */
function capTexts(window: Window, cap: number, cut: () => void): Window {
  if (!window.spans.some((span) => span.text.length > cap)) return window;
  return {
    ...window,
    spans: window.spans.map((span) => {
      if (span.text.length <= cap) return span;
      cut();
      return { ...span, text: capText(span.text, cap) };
    }),
  };
}
