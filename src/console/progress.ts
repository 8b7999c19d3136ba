import { MAX_TIMER_MS } from "../transport/max-timer.ts";
import { InputError } from "../errors/input.ts";
import type { Io } from "./io.ts";

/** Time as progress reporting sees it, injected so tests drive it without real timers. */
export interface Clock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    // A progress line never keeps the process alive.
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** A TTY line redrawn four times a second looks live and costs nothing. */
export const REDRAW_MS = 250;
/** Off a TTY (CI logs): a status line every few seconds shows a slow run is alive without flooding the log. */
export const STATUS_EVERY_MS = 5000;
export const STATUS_ENV = "PRUNECHECK_PROGRESS_INTERVAL_MS";

/** `PRUNECHECK_PROGRESS_INTERVAL_MS`: how often status lines go to a log, in ms; 0 turns them off. */
export function statusEvery(value: string | undefined): number {
  if (value === undefined || value === "") return STATUS_EVERY_MS;
  if (!/^\d+$/.test(value) || Number(value) > MAX_TIMER_MS) {
    throw new InputError(
      "usage",
      `${STATUS_ENV} must be a whole number of milliseconds, got ${JSON.stringify(value)}`,
      `Unset it for a status line every ${STATUS_EVERY_MS / 1000} s off a TTY, or set it to 0 for none.`,
    );
  }
  return Number(value);
}

/** What a progress display renders: the live TTY line, and the plain line for a log. */
export interface ProgressLines {
  live(now: number): string;
  status(now: number): string;
}

/**
 * Shows progress until the returned function is called: the live line at once and every REDRAW_MS (the Io
 * draws it on a TTY only), and a status line every `io.statusEveryMs` (the Io writes it off a TTY only).
 */
export function showProgress(io: Io, clock: Clock, lines: ProgressLines): () => void {
  const draw = () => io.progress(lines.live(clock.now()));
  draw();
  const stops = [clock.every(REDRAW_MS, draw)];
  if (io.statusEveryMs > 0) stops.push(clock.every(io.statusEveryMs, () => io.status(lines.status(clock.now()))));
  return () => stops.forEach((stop) => stop());
}

/** "9,876": counts in a log are read at a glance. */
export function count(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

/** Per second over `ms`, as a count ("180"); 0 before any time has passed. */
export function perSecond(value: number, ms: number): string {
  return count(ms > 0 ? (value * 1000) / ms : 0);
}
