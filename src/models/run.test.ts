import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import type { Driver } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { referencePruner } from "../reference/index.ts";
import { checkProperties, type PropertyResult } from "./run.ts";

const OPTIONS = { level: "core" as const, numRuns: 3, seed: 11 };
const SOME = PROPERTIES.slice(0, 4);

/** The reference, counting which properties' runs have started (the harness numbers no runs, so count sends). */
function counting(concurrent: boolean): Driver & { readonly sends: number } {
  const inner = inProcessDriver(referencePruner);
  const driver = {
    ...inner,
    concurrent,
    sends: 0,
    send(call: Parameters<Driver["send"]>[0]) {
      driver.sends++;
      return inner.send(call);
    },
  };
  return driver;
}

async function all(verdicts: AsyncGenerator<PropertyResult>): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  for await (const result of verdicts) results.push(result);
  return results;
}

describe("checkProperties", () => {
  it("yields one verdict per property, in the order given, side by side or not, with the same results", async () => {
    const [together, alone] = await Promise.all([all(checkProperties(counting(true), SOME, OPTIONS)), all(checkProperties(counting(false), SOME, OPTIONS))]);
    const verdict = ({ ms: _ms, ...result }: PropertyResult) => result;
    expect(together.map((result) => result.property)).toEqual(SOME.map((property) => property.id));
    expect(together.map(verdict)).toEqual(alone.map(verdict));
  });

  it("one after another, starts nothing once stopped", async () => {
    let stopped = false;
    const results: PropertyResult[] = [];
    for await (const result of checkProperties(counting(false), SOME, OPTIONS, () => stopped)) {
      results.push(result);
      stopped = true;
    }
    expect(results.map((result) => result.property)).toEqual([SOME[0]?.id]);
  });

  it("side by side, starts every property before the first verdict is in, and still yields them all once stopped", async () => {
    const driver = counting(true);
    let stopped = false;
    let sendsAtFirstVerdict = 0;
    const results: PropertyResult[] = [];
    for await (const result of checkProperties(driver, SOME, OPTIONS, () => stopped)) {
      if (results.length === 0) sendsAtFirstVerdict = driver.sends;
      results.push(result);
      stopped = true;
    }
    expect(results).toHaveLength(SOME.length);
    // One property's three runs send far fewer requests than four properties' do.
    expect(sendsAtFirstVerdict).toBeGreaterThan(results[0]?.requests ?? Infinity);
  });
});
