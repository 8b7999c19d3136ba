import { capText } from "../errors/cap-text.ts";
import type { Window } from "../wire/window.ts";
import type { Report } from "./report.ts";

/**
 * The most a report's JSON may hold, in UTF-16 code units of its compact form: a quarter of what prunecheck
 * reads back (FILE_LIMITS.compactBytes, 64 MiB), so that every report it writes is one `replay` can read,
 * pretty-printed and in any script (issue 45: a 34 MB answer gave a 71 MB report that replay refused).
 */
export const REPORT_MAX_CHARS = 16 * 1024 * 1024;

/** The caps tried in turn on a window's longest texts, until the report fits: generous first. */
const TEXT_CAPS = [64 * 1024, 4096, 256, 32] as const;

/**
 * The report, whole when it fits in REPORT_MAX_CHARS (the replayed request aside); otherwise with every span text longer than a cap cut to
 * its start and end around a marker saying how much was left out (capText), in the windows it shows: the
 * answer, the windows before and after, and the requests of the run. Never in the request a replay sends
 * again (the last one, for a case or a trace line, whose replay is that request): a replay stays exact.
 * `trimmed` then says how many texts were cut and to what cap, for the Markdown and for a reader of the JSON.
 */
export function boundReport(report: Report): Report {
  if (sizeOf(report) <= REPORT_MAX_CHARS) return report;
  let bounded = report;
  for (const cap of TEXT_CAPS) {
    bounded = capReport(report, cap);
    if (sizeOf(bounded) <= REPORT_MAX_CHARS) break;
  }
  return bounded;
}

/** The index of the request a replay sends again, whole whatever its size, or -1 (a random run replays by seed). */
function replayedIndex(report: Report): number {
  return report.origin.kind === "random" ? -1 : report.requests.length - 1;
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
  const window = (shown: Window | null): Window | null => {
    if (shown === null || !shown.spans.some((span) => span.text.length > cap)) return shown;
    return {
      ...shown,
      spans: shown.spans.map((span) => {
        if (span.text.length <= cap) return span;
        texts++;
        return { ...span, text: capText(span.text, cap) };
      }),
    };
  };
  const replayed = replayedIndex(report);
  const requests = report.requests.map((request, index) =>
    index === replayed || !("window" in request) ? request : { ...request, window: window(request.window) as Window },
  );
  const response = report.response?.ok === true ? { ...report.response, window: window(report.response.window) as Window } : report.response;
  const capped = { ...report, requests, response, before: window(report.before), after: window(report.after) };
  return texts === 0 ? report : { ...capped, trimmed: { texts, cap } };
}
