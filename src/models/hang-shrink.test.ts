import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import type { Driver } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { referencePruner } from "../reference/index.ts";
import type { OperationCall } from "../wire/protocol.ts";
import {
  confirmHang,
  HANG_SHRINK_FACTOR,
  HANG_SHRINK_FLOOR_MS,
  HANG_SHRINK_MS,
  HANG_SHRINK_WAITS,
  shrinkTimeoutMs,
  skippingKnownHangs,
} from "./hang-shrink.ts";
import { checkProperty, type CheckOptions } from "./run.ts";
import { adapterProtocol } from "./adapter-protocol.ts";
import { PropertyViolation } from "../errors/property-violation.ts";

describe("shrinkTimeoutMs", () => {
  it("is a few times the slowest answer seen", () => {
    expect(shrinkTimeoutMs({ timeoutMs: 5000, slowestAnswerMs: 200 })).toBe(HANG_SHRINK_FACTOR * 200);
  });

  it("is never under the floor, however fast the answers were (none seen included)", () => {
    expect(shrinkTimeoutMs({ timeoutMs: 5000, slowestAnswerMs: 1.5 })).toBe(HANG_SHRINK_FLOOR_MS);
    expect(shrinkTimeoutMs({ timeoutMs: 5000, slowestAnswerMs: 0 })).toBe(HANG_SHRINK_FLOOR_MS);
  });

  it("is never over the full timeout, nor the floor over a shorter full timeout", () => {
    expect(shrinkTimeoutMs({ timeoutMs: 2000, slowestAnswerMs: 1900 })).toBe(2000);
    expect(shrinkTimeoutMs({ timeoutMs: 100, slowestAnswerMs: 0 })).toBe(100);
  });
});

const violation = (label: string) => new PropertyViolation(adapterProtocol, { message: label, span_id: null }, []);

describe("confirmHang", () => {
  it("reports the smallest failure when it hangs at the full timeout too, without rerunning the rest", async () => {
    const tried: number[] = [];
    const confirmed = await confirmHang(
      [0, 1, 2, 3],
      violation("original"),
      async (value) => (tried.push(value), { value, violation: violation(`again ${value}`) }),
    );
    expect(tried).toEqual([3]);
    expect(confirmed).toMatchObject({ index: 3, value: 3, smallestConfirmed: true, violation: { finding: { message: "again 3" } } });
  });

  it("falls back by bisection on the last failure that hangs at the full timeout when the smallest was only slow", async () => {
    const tried: number[] = [];
    const failures = Array.from({ length: 17 }, (_, index) => index);
    // Up to 11 hang; 12 and smaller answer at the full timeout.
    const confirmed = await confirmHang(
      failures,
      violation("original"),
      async (value) => (tried.push(value), value <= 11 ? { value, violation: violation(`again ${value}`) } : null),
    );
    expect(confirmed).toMatchObject({ index: 11, smallestConfirmed: false, violation: { finding: { message: "again 11" } } });
    expect(tried.length).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(failures.length)));
  });

  it("falls back on the original, found at the full timeout, when no shrink of it hangs there", async () => {
    const original = violation("original");
    const confirmed = await confirmHang(["big", "small"], original, async () => null);
    expect(confirmed).toEqual({ index: 0, value: "big", violation: original, smallestConfirmed: false });
  });

  it("reruns nothing when nothing was shrunk", async () => {
    const original = violation("original");
    const confirmed = await confirmHang(["only"], original, async () => expect.unreachable());
    expect(confirmed).toEqual({ index: 0, value: "only", violation: original, smallestConfirmed: true });
  });
});

const EMPTY_WINDOW = { spans: [], derivation_depth: 0 };

/**
 * The reference pruner behind a simulated clock: a request whose answer would take longer than its
 * timeout fails with the timeout fault a stdio driver gives, at once; `latency` says how long each takes.
 */
function simulatedTimeouts(latency: (call: OperationCall) => number, timeoutMs = 2000, clock?: (ms: number) => void): Driver & { readonly timeouts: number[] } {
  const inner = inProcessDriver(referencePruner);
  let slowestAnswerMs = 0;
  let nextId = 1;
  const timeouts: number[] = [];
  return {
    ...inner,
    isolatesInputs: false,
    timeouts,
    timing: () => ({ timeoutMs, slowestAnswerMs }),
    async send(call, options) {
      const ms = latency(call);
      const limit = options?.timeoutMs ?? timeoutMs;
      clock?.(Math.min(ms, limit));
      if (ms > limit) {
        timeouts.push(limit);
        throw new AdapterFault("timeout", { id: nextId++, ...call }, `no answer within ${limit} ms`);
      }
      slowestAnswerMs = Math.max(slowestAnswerMs, ms);
      return inner.send(call);
    },
  };
}

const hasEmptyText = (call: OperationCall) => call.window.spans.some((span) => span.text === "");
const INPUTS_IMMUTABLE = PROPERTIES.find((property) => property.id === "inputs-immutable");
const OPTIONS = { level: "core" as const, numRuns: 200, seed: 2 };

async function failedCheck(driver: Driver, options: CheckOptions = OPTIONS) {
  const result = await checkProperty(driver, INPUTS_IMMUTABLE as (typeof PROPERTIES)[number], options);
  if (result.status !== "failed") throw new Error(`expected a failure, got ${result.status}`);
  const pending = result.violation.pending;
  return { result, spans: pending !== null && "window" in pending ? pending.window.spans : [] };
}

describe("checkProperty on a hang", () => {
  it("shrinks it with the short timeout, to one span, and reports it as it hung at the full timeout", async () => {
    const driver = simulatedTimeouts((call) => (hasEmptyText(call) ? Infinity : 3));
    const { result, spans } = await failedCheck(driver);
    expect(spans.map((span) => span.text)).toEqual([""]);
    expect(result.hang).toEqual({ timeoutMs: HANG_SHRINK_FLOOR_MS, slowestAnswerMs: 3, fullTimeoutMs: 2000, smallestConfirmed: true });
    expect(result.violation.finding.message).toContain("within 2000 ms");
    // Found and confirmed at the full timeout; every timeout in between was the short one.
    expect(driver.timeouts[0]).toBe(2000);
    expect(driver.timeouts.at(-1)).toBe(2000);
    expect(driver.timeouts.slice(1, -1).every((ms) => ms === HANG_SHRINK_FLOOR_MS)).toBe(true);
    expect(result.shrinks).toBeGreaterThan(0);
    expect(driver.timeouts.length - 2).toBeLessThan(result.shrinks);
  });

  it("falls back on a case that hangs at the full timeout when the smallest was only slow, and replays to it", async () => {
    // One empty span alone takes 1 s: past the short timeout, within the full one. With company it hangs.
    const latency = (call: OperationCall) => (!hasEmptyText(call) ? 3 : call.window.spans.length > 1 ? Infinity : 1000);
    const { result, spans } = await failedCheck(simulatedTimeouts(latency));
    expect(result.hang?.smallestConfirmed).toBe(false);
    expect(spans.length).toBeGreaterThan(1);
    expect(spans.some((span) => span.text === "")).toBe(true);

    const replayed = await failedCheck(simulatedTimeouts(latency), {
      ...OPTIONS,
      replay: { path: result.origin.path, replayPath: result.origin.replayPath, runsToFailure: result.runsToFailure },
    });
    expect(replayed.spans).toEqual(spans);
  });

  describe("on a pruner whose time grows with the window", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`stops shrinking after ${HANG_SHRINK_MS / 1000} s, though every smaller case answers a little under the short timeout`, async () => {
      // Each request takes its time on a simulated clock: 150 ms a span, so every smaller case costs seconds
      // and answers, and none counts as a hang waited out; only the time shrinking took can end it.
      vi.useFakeTimers({ toFake: ["performance"] });
      const driver = simulatedTimeouts(
        (call) => 150 * call.window.spans.length,
        2000,
        (ms) => vi.advanceTimersByTime(ms),
      );
      const { result } = await failedCheck(driver);
      expect(result.hang?.timeoutMs).toBe(2000);
      const shrinkMs = result.ms - result.findMs;
      // Past the bound, the run under way finishes and the reported case runs again at the full timeout:
      // each a few requests of at most the full timeout.
      expect(shrinkMs).toBeGreaterThanOrEqual(HANG_SHRINK_MS);
      expect(shrinkMs).toBeLessThan(HANG_SHRINK_MS + 2 * 10 * 2000);
    });
  });

  it("sends a request that already timed out only once while shrinking", async () => {
    const driver = simulatedTimeouts(() => 3);
    const first = new AdapterFault("timeout", { id: 1, op: "prune", window: EMPTY_WINDOW, evict_ids: [], store: {} }, "no answer within 2000 ms");
    const shrinking = skippingKnownHangs(driver, first);
    await expect(shrinking.driver.send({ op: "prune", window: EMPTY_WINDOW, evict_ids: [], store: {} })).rejects.toBe(first);
    expect(driver.timeouts).toEqual([]);
    expect(shrinking.waited()).toBe(0);
  });
});

describe("docs/protocol.md's Timeout paragraph", () => {
  // An adapter's authors read these numbers there; the harness keeps these.
  const timeout =
    readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf8")
      .split("- **Timeout.**")[1]
      ?.split("\n\n")[0]
      ?.replace(/\s+/g, " ") ?? "";

  it("states the short timeout shrinking gives smaller cases", () => {
    expect(HANG_SHRINK_FACTOR).toBe(4);
    expect(timeout).toContain(`four times the slowest answer it has seen, at least ${HANG_SHRINK_FLOOR_MS} ms, at most the full one`);
  });

  it("states the bound on shrinking a timeout", () => {
    expect(timeout).toContain(`after ${HANG_SHRINK_WAITS} timeouts or ${HANG_SHRINK_MS / 1000} s, whichever comes first`);
  });
});
