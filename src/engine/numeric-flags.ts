import { randomInt } from "node:crypto";
import { availableParallelism } from "node:os";
import { MAX_TIMER_MS } from "../transport/max-timer.ts";
import { DEFAULT_TIMEOUT_MS } from "../transport/stdio.ts";
import { InputError } from "../errors/input.ts";
import { OPEN_CONVERSATIONS } from "../audit/audit-trace.ts";

/**
 * fast-check seeds are 32-bit: it runs any other number as `seed | 0`, so 12345678901 would run as
 * -539222987. Non-negative only, so a seed never reads as a flag (`--seed -5`) or makes a report file
 * name with a double dash; every seed prunecheck draws or derives is in this range too.
 */
export const MAX_SEED = 2 ** 31 - 1;

interface NumericFlag {
  readonly min: number;
  readonly max: number;
  /** The value when the flag is not given. */
  readonly fallback: () => number;
  /** Printed after the range error: why the range is what it is, or how to get into it. */
  readonly hint: string;
}

const cores = availableParallelism();

/**
 * Every numeric flag's accepted range and default, for run, replay, fuzz and matrix alike. A value out of
 * range is a usage error, never clamped or wrapped: what a summary or report records is what ran.
 */
export const NUMERIC_FLAGS = {
  runs: {
    min: 1,
    max: 1_000_000,
    fallback: () => 200,
    hint: "A million runs per property already takes days against an adapter; for longer searches use `prunecheck fuzz --time`.",
  },
  seed: {
    min: 0,
    max: MAX_SEED,
    fallback: () => randomInt(MAX_SEED + 1),
    hint: `fast-check seeds are 32-bit. To derive one from a larger number, such as a CI run id: --seed $(( GITHUB_RUN_ID % ${MAX_SEED + 1} )).`,
  },
  "timeout-ms": {
    min: 1,
    max: MAX_TIMER_MS,
    fallback: () => DEFAULT_TIMEOUT_MS,
    hint: `Node's timers hold at most ${MAX_TIMER_MS} ms (about 24.8 days); a larger timeout would fire after 1 ms.`,
  },
  "max-commands": {
    min: 1,
    max: 1000,
    fallback: () => 24,
    hint: "Longer sequences make every run and every shrink step slower; the default 24 builds up budget pressure and depth.",
  },
  // No default: without it a campaign's random search is bounded by --time alone.
  rounds: {
    min: 1,
    max: 1_000_000,
    fallback: () => 1_000_000,
    hint: "Rounds per property over the whole campaign, 100 runs each; --time still bounds the search.",
  },
  exhaustive: {
    min: 0,
    max: 4,
    fallback: () => 2,
    hint: "0 is off; 2 takes about ten seconds, 3 about eight minutes in-process on two cores, 4 about eighty times as long.",
  },
  // A worker is a thread with its own harness and its own adapter (issue 16: 32 of them took 2.1 GB on two
  // cores); twice the cores keeps them busy while adapters wait on I/O, and more only costs memory.
  workers: {
    min: 1,
    max: 2 * cores,
    fallback: () => cores,
    hint: `This machine has ${cores} core(s): up to twice that many workers pay off; each one is a thread with its own adapter.`,
  },
  // An audit's memory is the truths of the conversations it follows at once; past this, the least recently
  // active is forgotten (counted), which can only make the audit miss a fault.
  "open-conversations": {
    min: 1,
    max: 1_000_000,
    fallback: () => OPEN_CONVERSATIONS,
    hint: "A trace that ends its conversations (docs/trace.md §2) needs only as many as run at once; each costs the text of its spans.",
  },
} as const satisfies Record<string, NumericFlag>;

export type NumericFlagName = keyof typeof NUMERIC_FLAGS;

/** `min to max`, as every message about a numeric flag states it. */
export function describeRange(name: NumericFlagName): string {
  const { min, max } = NUMERIC_FLAGS[name];
  return `from ${min} to ${max}`;
}

/**
 * A numeric flag as written: plain decimal digits (an optional minus, so a negative number gets the range
 * message), in its range. Number() would take "", " 7 ", "0x10" and "1e20" as numbers. `spelled` is how the
 * value was given, for the message: the flag by default, an option's name for the API (src/api).
 */
export function numericFlag(name: NumericFlagName, value: string | undefined, fallback?: number, spelled = `--${name}`): number {
  if (value === undefined) return fallback ?? NUMERIC_FLAGS[name].fallback();
  const { min, max } = NUMERIC_FLAGS[name];
  const number = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max))
    throw new InputError("usage", `${spelled} must be a decimal integer ${describeRange(name)}, got ${JSON.stringify(value)}`, rangeHint(name, value));
  return number;
}

/**
 * The hint for a value out of range: the decimal digits a value such as "1e3" or "0x10" stands for, when it
 * stands for one in range (issue 46: `--runs 1e3` got the hint about a million runs), else why the range is
 * what it is.
 */
function rangeHint(name: NumericFlagName, value: string): string {
  const { min, max, hint } = NUMERIC_FLAGS[name];
  const meant = value.trim() === "" ? Number.NaN : Number(value);
  if (!/^-?\d+$/.test(value) && Number.isInteger(meant) && meant >= min && meant <= max)
    return `Write ${meant}: only decimal digits are read, so that no other notation is taken for a number by accident.`;
  return hint;
}
