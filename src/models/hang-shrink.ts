import { withSend, type Driver, type Timing } from "../transport/driver.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { PropertyViolation } from "../errors/property-violation.ts";

/**
 * The shortest a shrink candidate waits before it counts as hanging: above the stalls a loaded machine
 * puts on a quick answer (a scheduler slice, a garbage collection), so a fast adapter is not taken for hung.
 */
export const HANG_SHRINK_FLOOR_MS = 250;
/** How many times slower than the slowest answer seen a shrink candidate may be before it counts as hanging. */
export const HANG_SHRINK_FACTOR = 4;

/**
 * The per-request timeout for shrinking a hang: a few times the slowest answer seen, at least the floor,
 * at most the full timeout. Shrink candidates are smaller than the window that hung, so an adapter
 * whose time grows with the window answers them faster than anything seen so far.
 */
export function shrinkTimeoutMs(timing: Timing): number {
  return Math.min(timing.timeoutMs, Math.max(HANG_SHRINK_FLOOR_MS, Math.ceil(HANG_SHRINK_FACTOR * timing.slowestAnswerMs)));
}

/** A run that failed because a request was not answered in time. */
export function isTimeout(error: unknown): error is PropertyViolation {
  return error instanceof PropertyViolation && error.cause instanceof AdapterFault && error.cause.code === "timeout";
}

/** How a hang was shrunk, for the report. */
export interface HangShrink {
  /** The per-request timeout shrink candidates got. */
  readonly timeoutMs: number;
  /** The slowest answer seen when the hang was found, which `timeoutMs` was derived from. */
  readonly slowestAnswerMs: number;
  /** The driver's own timeout, which the reported case hung at. */
  readonly fullTimeoutMs: number;
  /**
   * False when the smallest candidate answered at the full timeout (it was only slow): the reported
   * case is then the smallest candidate that did hang at the full timeout, or the original.
   */
  readonly smallestConfirmed: boolean;
}

export interface Confirmed<T> {
  /** Which of the failures: 0 is the original, each later one a shrink of the one before. */
  readonly index: number;
  readonly value: T;
  readonly violation: PropertyViolation;
  readonly smallestConfirmed: boolean;
}

/**
 * Of the failures accepted while a hang shrank (the original first, found at the full timeout, and each
 * later one a shrink of the one before, accepted at the short timeout), the last that also hangs at the
 * full timeout. `hangsAtFullTimeout` runs one again and gives its timeout violation, or null when it
 * answered. The smallest is tried first; if it was only slow, a bisection between it and the original
 * finds one that hangs in a logarithmic number of full-timeout runs, where walking back one at a time
 * could wait out the full timeout once per shrink.
 */
export async function confirmHang<T>(
  failures: readonly T[],
  original: PropertyViolation,
  hangsAtFullTimeout: (value: T) => Promise<{ readonly value: T; readonly violation: PropertyViolation } | null>,
): Promise<Confirmed<T>> {
  const last = failures.length - 1;
  const first = failures[0] as T;
  if (last <= 0) return { index: 0, value: first, violation: original, smallestConfirmed: true };
  const smallest = await hangsAtFullTimeout(failures[last] as T);
  if (smallest !== null) return { index: last, ...smallest, smallestConfirmed: true };
  let hung = { index: 0, value: first, violation: original };
  let answered = last;
  while (answered - hung.index > 1) {
    const middle = Math.floor((hung.index + answered) / 2);
    const again = await hangsAtFullTimeout(failures[middle] as T);
    if (again === null) answered = middle;
    else hung = { index: middle, ...again };
  }
  return { ...hung, smallestConfirmed: false };
}

/**
 * How many hangs shrinking waits out at most: each costs the shrink timeout and a restart of the adapter.
 * Shrinks seen to reach one span took about fifteen.
 */
export const HANG_SHRINK_WAITS = 40;

/**
 * How long shrinking a hang goes on trying smaller cases, whatever it waited out: a pruner whose time grows
 * with the window answers each candidate a little under the shrink timeout, and none of those counts as a
 * wait (issue 46: a quadratic compactor's timeout shrank for 157 s over two hundred 387-span candidates of
 * 0.6 s each, after the candidate of 1,517 spans already showed it). The candidate under way is finished;
 * the reported case is then run again at the full timeout (confirmHang). docs/protocol.md states the bound.
 */
export const HANG_SHRINK_MS = 30_000;

/** Shrinking one hang: the shorter timeout, the hang it started from, a driver that skips known hangs. */
export interface HangShrinking {
  readonly timing: Timing;
  /** When shrinking started (performance.now()). */
  readonly started: number;
  readonly timeoutMs: number;
  readonly original: PropertyViolation;
  readonly driver: Driver;
  /** How many timeouts shrinking has waited out so far. */
  waited(): number;
}

/** How to shrink the first failure, when it is a hang and the driver says how it times requests out. */
export function startHangShrink(driver: Driver, error: unknown): HangShrinking | null {
  if (!isTimeout(error) || !(error.cause instanceof AdapterFault)) return null;
  const timing = driver.timing?.();
  if (timing === undefined) return null;
  return { timing, started: performance.now(), timeoutMs: shrinkTimeoutMs(timing), original: error, ...skippingKnownHangs(driver, error.cause) };
}

/** Whether shrinking a hang should go on: a candidate that hangs costs a timeout and a restart, a slow one its time. */
export function mayWaitAgain(shrinking: HangShrinking, now = performance.now()): boolean {
  return shrinking.waited() < HANG_SHRINK_WAITS && now - shrinking.started < HANG_SHRINK_MS;
}

export function describeHangShrink(shrinking: HangShrinking, smallestConfirmed: boolean): HangShrink {
  return { timeoutMs: shrinking.timeoutMs, slowestAnswerMs: shrinking.timing.slowestAnswerMs, fullTimeoutMs: shrinking.timing.timeoutMs, smallestConfirmed };
}

/**
 * The same driver, but a request identical to one that already timed out is not sent again: it fails at
 * once with that timeout. Sound because every request is complete on its own (the protocol's
 * "stateless"), and it matters because shrinking a hang tries many candidates that reach the very
 * request that hung, each of which would otherwise wait out the timeout and restart the adapter. Only
 * for shrinking: the reported case is run again for real, at the full timeout.
 */
export function skippingKnownHangs(driver: Driver, first: AdapterFault): { readonly driver: Driver; waited(): number } {
  // The request's own id aside, which the next send of the same call gets anew.
  const hung = new Map<string, AdapterFault>([[JSON.stringify({ ...first.request, id: undefined }), first]]);
  const send: Driver["send"] = async (call, options) => {
    const key = JSON.stringify(call);
    const known = hung.get(key);
    if (known !== undefined) throw known;
    try {
      return await driver.send(call, options);
    } catch (error) {
      if (error instanceof AdapterFault && error.code === "timeout") hung.set(key, error);
      throw error;
    }
  };
  return { driver: withSend(driver, send), waited: () => hung.size - 1 };
}
