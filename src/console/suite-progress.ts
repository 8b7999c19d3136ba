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

interface Tally {
  runs: number;
  requests: number;
  done: boolean;
}

/**
 * The progress model of `run`, fed by the harness as it works: requests as they go out and runs as they pass,
 * so the counts move during a slow property, and each verdict's own counts once it is in.
 */
export class SuiteProgress implements RunObserver {
  readonly #tallies: ReadonlyMap<string, Tally>;

  constructor(
    applicable: readonly string[],
    readonly startedMs: number,
  ) {
    this.#tallies = new Map(applicable.map((id) => [id, { runs: 0, requests: 0, done: false }]));
  }

  sent(property: string): void {
    const tally = this.#tallies.get(property);
    if (tally !== undefined) tally.requests++;
  }

  ran(property: string): void {
    const tally = this.#tallies.get(property);
    if (tally !== undefined) tally.runs++;
  }

  settled(result: PropertyResult): void {
    const tally = this.#tallies.get(result.property);
    if (tally === undefined) return;
    // The verdict's counts are the ones the summary reports (a failing run is a run too).
    Object.assign(tally, { runs: result.runs, requests: result.requests, done: true });
  }

  counts(): SuiteCounts {
    const tallies = [...this.#tallies.entries()];
    const sum = (field: "runs" | "requests") => tallies.reduce((total, [, tally]) => total + tally[field], 0);
    return {
      applicable: tallies.length,
      done: tallies.filter(([, tally]) => tally.done).length,
      runs: sum("runs"),
      requests: sum("requests"),
      startedMs: this.startedMs,
      waitingOn: tallies.find(([, tally]) => !tally.done)?.[0] ?? null,
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
