import { describe, expect, it } from "vitest";
import { formatDuration, parseDuration } from "./duration.ts";

describe("parseDuration (--time)", () => {
  it.each([
    ["90", 90_000],
    ["0", 0],
    ["2.5", 2500],
    ["30s", 30_000],
    ["10m", 600_000],
    ["1h", 3_600_000],
    ["500ms", 500],
    ["1m30s", 90_000],
    ["1h2m3s", 3_723_000],
    ["1.5m", 90_000],
    [" 3s ", 3000],
  ])("%j is %i ms", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(["", "s", "10x", "-5", "5 s", "1m 30s", "30sec", "ten"])("refuses %j as a usage error", (text) => {
    expect(() => parseDuration(text)).toThrow(expect.objectContaining({ name: "InputError", code: "usage" }));
  });

  it("takes up to 2^31-1 ms (about 24.8 days) and refuses more, rather than counting to Infinity", () => {
    expect(parseDuration("2147483.647")).toBe(2 ** 31 - 1);
    expect(parseDuration("596h")).toBe(596 * 3_600_000);
    for (const text of ["2147483.648", "597h", "9".repeat(400)]) {
      expect(() => parseDuration(text)).toThrow(
        expect.objectContaining({
          name: "InputError",
          code: "usage",
          message: `--time must be at most 2147483647 ms (about 24.8 days), got ${JSON.stringify(text)}`,
        }),
      );
    }
  });

  it("formats seconds, then minutes", () => {
    expect(formatDuration(9500)).toBe("9.5 s");
    expect(formatDuration(-20)).toBe("0.0 s");
    expect(formatDuration(245_000)).toBe("4 min 05 s");
  });
});
