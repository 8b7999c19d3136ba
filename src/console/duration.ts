import { MAX_TIMER_MS } from "../transport/max-timer.ts";
import { InputError } from "../errors/input.ts";

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;

/**
 * `--time`: a bare number is seconds ("90"); otherwise one or more number+unit parts, ms, s, m or h
 * ("30s", "10m", "1m30s", "1.5h"). Zero is allowed: the campaign then only replays the corpus and runs the
 * bounded-exhaustive phase, which are never cut short by the budget. At most MAX_TIMER_MS (about 24.8
 * days), the bound of every other duration prunecheck takes; "9999…9s" would otherwise be Infinity.
 */
export function parseDuration(text: string): number {
  const ms = durationMs(text.trim());
  if (ms === null)
    throw new InputError(
      "usage",
      `--time must be a duration such as 90, 30s, 10m or 1m30s, got ${JSON.stringify(text)}`,
      "A bare number is seconds; units are ms, s, m and h.",
    );
  if (ms > MAX_TIMER_MS)
    throw new InputError(
      "usage",
      `--time must be at most ${MAX_TIMER_MS} ms (about 24.8 days), got ${JSON.stringify(text)}`,
      "For a campaign that long, run shorter ones with different --seed values; each writes its own summary.",
    );
  return ms;
}

function durationMs(text: string): number | null {
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const parts = [...text.matchAll(PART)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== text) return null;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * (UNITS[unit as string] as number), 0));
}

/** "9.5 s", "4 min 05 s": for the progress line and the summary line. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}
