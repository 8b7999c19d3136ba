import { availableParallelism } from "node:os";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SEED, NUMERIC_FLAGS, numericFlag, type NumericFlagName } from "./numeric-flags.ts";

const NAMES = Object.keys(NUMERIC_FLAGS) as NumericFlagName[];

function refusal(name: NumericFlagName, value: string) {
  try {
    numericFlag(name, value);
  } catch (error) {
    return error as { name: string; code: string; message: string; hint?: string };
  }
  throw new Error(`--${name} ${JSON.stringify(value)} was accepted`);
}

describe("numericFlag: plain decimal digits in the flag's stated range, nothing coerced", () => {
  it.each(NAMES)("--%s takes its bounds and refuses one past each, naming the flag, the value and the range", (name) => {
    const { min, max } = NUMERIC_FLAGS[name];
    expect(numericFlag(name, String(min))).toBe(min);
    expect(numericFlag(name, String(max))).toBe(max);
    for (const value of [String(min - 1), String(max + 1)]) {
      const error = refusal(name, value);
      expect(error).toMatchObject({ name: "InputError", code: "usage" });
      expect(error.message).toBe(`--${name} must be a decimal integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
      expect(error.hint).toMatch(/\S/);
    }
  });

  it.each(["", " 7 ", "7 ", "0x10", "0b1", "0o7", "1e3", "1e20", "+5", "1.5", "1.0", "Infinity", "NaN", "٣", "1_000"])(
    "refuses %j, which Number() would read as a number or zero",
    (value) => {
      for (const name of NAMES) expect(refusal(name, value).message).toContain(`got ${JSON.stringify(value)}`);
    },
  );

  it.each([
    ["runs", "1e3", "Write 1000: only decimal digits are read"],
    ["workers", "0x1", "Write 1: only decimal digits are read"],
    ["timeout-ms", " 7 ", "Write 7: only decimal digits are read"],
  ] as const)("--%s %j: the hint gives the decimal digits meant (issue 46: 1e3 got the hint about a million runs)", (name, value, hint) => {
    expect(refusal(name, value).hint).toMatch(new RegExp(`^${hint}`));
  });

  it.each([
    ["runs", "1e7"],
    ["runs", "1.5"],
    ["runs", ""],
  ] as const)("--%s %j, no integer in range: the hint says why the range is what it is", (name, value) => {
    expect(refusal(name, value).hint).toBe(NUMERIC_FLAGS[name].hint);
  });

  it("returns the default when the flag is absent, or the caller's fallback (a matrix config's timeoutMs)", () => {
    expect(numericFlag("runs", undefined)).toBe(200);
    expect(numericFlag("timeout-ms", undefined)).toBe(5000);
    expect(numericFlag("timeout-ms", undefined, 750)).toBe(750);
    expect(numericFlag("max-commands", undefined)).toBe(24);
    expect(numericFlag("exhaustive", undefined)).toBe(2);
    expect(numericFlag("workers", undefined)).toBe(availableParallelism());
  });

  it("draws a default seed that is itself an accepted --seed, so a printed seed always replays", () => {
    for (let draw = 0; draw < 200; draw += 1) {
      const seed = numericFlag("seed", undefined);
      expect(numericFlag("seed", String(seed))).toBe(seed);
    }
  });

  it("a seed is run as given: fast-check's `seed | 0` leaves every accepted seed unchanged", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_SEED }), (seed) => (numericFlag("seed", String(seed)) | 0) === seed));
  });

  it("refuses a CI run id's size with the modulo that makes a seed of it", () => {
    const error = refusal("seed", "12345678901");
    expect(error.message).toBe('--seed must be a decimal integer from 0 to 2147483647, got "12345678901"');
    expect(error.hint).toContain("$(( GITHUB_RUN_ID % 2147483648 ))");
  });

  it("bounds --timeout-ms by what Node's timers hold, and --workers by the cores", () => {
    expect(NUMERIC_FLAGS["timeout-ms"].max).toBe(2 ** 31 - 1);
    expect(refusal("timeout-ms", "3000000000").message).toContain("from 1 to 2147483647");
    expect(NUMERIC_FLAGS.workers.max).toBe(2 * availableParallelism());
    expect(refusal("workers", String(2 * availableParallelism() + 1)).hint).toContain(`${availableParallelism()} core(s)`);
  });
});
