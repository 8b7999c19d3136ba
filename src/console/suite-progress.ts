import { formatDuration } from "./duration.ts";
import type { PropertyResult, RunObserver } from "../models/run.ts";
import { count, perSecond } from "./progress.ts";

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
}

/**
 * The progress model of `run`, fed by the harness as it works: requests as they go out and runs as they
 * end, so the counts move during a slow property, and each verdict as it comes in. Properties share their
 * runs (see checkTogether), so runs and requests are counted once for the suite, not per property.
 */
export class SuiteProgress implements RunObserver {
  readonly #done: Map<string, boolean>;
  #runs = 0;
  #requests = 0;

  constructor(
    applicable: readonly string[],
    readonly startedMs: number,
  ) {
    this.#done = new Map(applicable.map((id) => [id, false]));
  }

  sent(): void {
    this.#requests++;
  }

  ran(): void {
    this.#runs++;
  }

  settled(result: PropertyResult): void {
    if (this.#done.has(result.property)) this.#done.set(result.property, true);
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
    };
  }
}

/** The TTY line: "[3/15] 1,204 runs · 9,876 requests (180 req/s) · 54.0 s · kept-untouched …". */
export function suiteLiveLine(counts: SuiteCounts, now: number): string {
  const { runs, requests, time } = tallies(counts, now);
  return `[${counts.done}/${counts.applicable}] ${runs} · ${requests} · ${time}${counts.waitingOn === null ? "" : ` · ${counts.waitingOn} …`}`;
}

/** The log line: "prunecheck: 3/15 properties done, 1,204 runs, 9,876 requests (180 req/s), 54.0 s elapsed". */
export function suiteStatusLine(counts: SuiteCounts, now: number): string {
  const { runs, requests, time } = tallies(counts, now);
  return `prunecheck: ${counts.done}/${counts.applicable} properties done, ${runs}, ${requests}, ${time} elapsed`;
}

function tallies(counts: SuiteCounts, now: number) {
  const ms = now - counts.startedMs;
  return {
    runs: `${count(counts.runs)} runs`,
    requests: `${count(counts.requests)} requests (${perSecond(counts.requests, ms)} req/s)`,
    time: formatDuration(ms),
  };
}
