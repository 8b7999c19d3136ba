import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input.ts";
import { memoryIo } from "./io.ts";
import { fakeClock } from "../../test/helpers/fake-clock.ts";
import { perSecond, REDRAW_MS, showProgress, STATUS_EVERY_MS, statusEvery } from "./progress.ts";

const lines = { live: (now: number) => `live ${now}`, status: (now: number) => `status ${now}` };

describe("showProgress", () => {
  it("draws the live line at once and every REDRAW_MS, and a status line every statusEveryMs, until stopped", () => {
    const clock = fakeClock();
    const io = memoryIo(1000);
    const stop = showProgress(io, clock, lines);
    clock.advance(2000);
    expect(io.drawn).toEqual(["live 0", ...Array.from({ length: 2000 / REDRAW_MS }, (_, index) => `live ${(index + 1) * REDRAW_MS}`)]);
    expect(io.statuses).toEqual(["status 1000", "status 2000"]);
    stop();
    clock.advance(5000);
    expect(io.statuses).toHaveLength(2);
    expect(clock.timers).toBe(0);
  });

  it("writes no status line when the Io wants none (statusEveryMs 0)", () => {
    const clock = fakeClock();
    const io = memoryIo(0);
    const stop = showProgress(io, clock, lines);
    clock.advance(60_000);
    stop();
    expect(io.statuses).toEqual([]);
    expect(io.drawn.length).toBeGreaterThan(1);
  });
});

describe("statusEvery (PRUNECHECK_PROGRESS_INTERVAL_MS)", () => {
  it("defaults to a line every few seconds, takes whole milliseconds, 0 for none", () => {
    expect(statusEvery(undefined)).toBe(STATUS_EVERY_MS);
    expect(statusEvery("")).toBe(STATUS_EVERY_MS);
    expect(statusEvery("250")).toBe(250);
    expect(statusEvery("0")).toBe(0);
  });

  it("rejects anything else with a usage error naming the variable, never a silent default", () => {
    for (const value of ["5s", "-1", "1.5", "1e3", " 10", "4294967296"]) {
      const error = (() => {
        try {
          statusEvery(value);
        } catch (caught) {
          return caught;
        }
        return null;
      })();
      expect(error instanceof InputError, value).toBe(true);
      expect((error as Error).message).toContain("PRUNECHECK_PROGRESS_INTERVAL_MS");
    }
  });
});

describe("perSecond", () => {
  it("is a rate over the time given, and 0 before any time has passed", () => {
    expect(perSecond(9876, 54_000)).toBe("183");
    expect(perSecond(1_000_000, 1000)).toBe("1,000,000");
    expect(perSecond(12, 0)).toBe("0");
  });
});
