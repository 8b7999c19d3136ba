import { formatDuration } from "./duration.ts";
import type { PropertyResult, RunObserver } from "../models/run.ts";
import { count, perSecond } from "./progress.ts";
import type { AdapterFault } from "../errors/adapter-fault.ts";
import { capText } from "../errors/cap-text.ts";

/** How far a run of the suite is, over the properties that apply (skipped ones never run, so never count). */
export interface SuiteCounts {
  readonly applicable: number;
  /** Properties whose verdict is in, in whatever order they came in. */
  readonly done: number;
  readonly runs: number;
  readonly requests: number;
  readonly startedMs: number;
  /** The first property in catalog order without a verdict: the next verdict line waits for it. */
  readonly waitingOn: string | null;
  /** Requests the implementation did not answer in time, so far (hang shrinking's included). */
  readonly timeouts: number;
  /** The first fault seen, as its message says it: what a run that looks hung is waiting on. */
  readonly firstFault: string | null;
  /** Properties being shrunk, each with when its shrinking began, oldest first. */
  readonly shrinking: readonly { readonly property: string; readonly sinceMs: number }[];
}

/**
 * The progress model of `run`, fed by the harness as it works: requests as they go out and runs as they
 * end, so the counts move during a slow property, and each verdict as it comes in. Properties share their
 * runs (see checkTogether), so runs and requests are counted once for the suite, not per property.
 */
export class SuiteProgress implements RunObserver {
  readonly #done: Map<string, boolean>;
  readonly #shrinking = new Map<string, number>();
  #runs = 0;
  #requests = 0;
  #timeouts = 0;
  #firstFault: string | null = null;

  constructor(
    applicable: readonly string[],
    readonly startedMs: number,
    /** The clock `startedMs` was read from, for when a shrink began. */
    readonly now: () => number = () => startedMs,
  ) {
    this.#done = new Map(applicable.map((id) => [id, false]));
  }

  faulted(fault: AdapterFault): void {
    if (fault.code === "timeout") this.#timeouts++;
    this.#firstFault ??= capText(fault.message, 200);
  }

  shrinking(property: string): void {
    this.#shrinking.set(property, this.now());
  }

  sent(): void {
    this.#requests++;
  }

  ran(): void {
    this.#runs++;
  }

  settled(result: PropertyResult): void {
    if (this.#done.has(result.property)) this.#done.set(result.property, true);
    this.#shrinking.delete(result.property);
  }

  counts(): SuiteCounts {
    const done = [...this.#done.entries()];
    return {
      applicable: done.length,
      done: done.filter(([, isDone]) => isDone).length,
      runs: this.#runs,
      requests: this.#requests,
      startedMs: this.startedMs,
      waitingOn: done.find(([, isDone]) => !isDone)?.[0] ?? null,
      timeouts: this.#timeouts,
      firstFault: this.#firstFault,
      shrinking: [...this.#shrinking].map(([property, sinceMs]) => ({ property, sinceMs })),
    };
  }
}

/**
 * The TTY line: "[3/15] 1,204 runs · 9,876 requests (180 req/s) · 54.0 s · kept-untouched …", then the
 * timeouts and what is being shrunk, once there are any: "· 3 timeouts · shrinking depth-bound (1 min 05 s)".
 */
export function suiteLiveLine(counts: SuiteCounts, now: number): string {
  const { runs, requests, time } = tallies(counts, now);
  const slow = [timeoutsOf(counts), shrinkingOf(counts, now)].filter((part) => part !== "");
  return `[${counts.done}/${counts.applicable}] ${runs} · ${requests} · ${time}${slow.map((part) => ` · ${part}`).join("")}${counts.waitingOn === null || counts.shrinking.length > 0 ? "" : ` · ${counts.waitingOn} …`}`;
}

/**
 * The log line: "prunecheck: 3/15 properties done, 1,204 runs, 9,876 requests (180 req/s), 54.0 s elapsed",
 * then, once the implementation has timed out, how often and the first, and what is being shrunk and for how
 * long, so that a slow pruner never reads as a hang (issue 46: 14 minutes of counts, no word of a timeout).
 */
export function suiteStatusLine(counts: SuiteCounts, now: number): string {
  const { runs, requests, time } = tallies(counts, now);
  const timeouts = counts.timeouts === 0 ? "" : `; ${timeoutsOf(counts)} so far, the first: ${counts.firstFault ?? ""}`;
  const shrinking = counts.shrinking.length === 0 ? "" : `; ${shrinkingOf(counts, now)}`;
  return `prunecheck: ${counts.done}/${counts.applicable} properties done, ${runs}, ${requests}, ${time} elapsed${timeouts}${shrinking}`;
}

function timeoutsOf(counts: SuiteCounts): string {
  return counts.timeouts === 0 ? "" : `${count(counts.timeouts)} timeout${counts.timeouts === 1 ? "" : "s"}`;
}

function shrinkingOf(counts: SuiteCounts, now: number): string {
  if (counts.shrinking.length === 0) return "";
  return `shrinking ${counts.shrinking.map(({ property, sinceMs }) => `${property} (${formatDuration(now - sinceMs)})`).join(", ")}`;
}

function tallies(counts: SuiteCounts, now: number) {
  const ms = now - counts.startedMs;
  return {
    runs: `${count(counts.runs)} runs`,
    requests: `${count(counts.requests)} requests (${perSecond(counts.requests, ms)} req/s)`,
    time: formatDuration(ms),
  };
}
