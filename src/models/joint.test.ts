import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { MUTANTS } from "../../properties/mutants/index.ts";
import type { Driver } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { referencePruner } from "../reference/index.ts";
import type { Pruner } from "../transport/pruner.ts";
import { appliesTo, type Level } from "./property.ts";
import { checkProperty, type PropertyResult } from "./run.ts";
import { checkTogether, type JointOptions } from "./joint.ts";

/** The reference (or a pruner), counting the requests it is sent. */
function counting(pruner: Pruner = referencePruner, concurrent = false): Driver & { readonly sends: number } {
  const inner = inProcessDriver(pruner);
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

/** A verdict as a report would carry it: what failed, where the counterexample is, and the counterexample itself. */
function verdict(result: PropertyResult) {
  if (result.status !== "failed") return { property: result.property, status: result.status, runs: result.runs };
  const { property, status, origin, counterexample, runsToFailure, shrinks, violation, runs } = result;
  return { property, status, origin, counterexample, runsToFailure, shrinks, runs, message: violation.message, trace: violation.trace.length };
}

function applicable(level: Level, driver: Driver) {
  return PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities));
}

describe("checkTogether: every property judges one shared stream of runs", () => {
  // Mutants whose faults different properties catch at different runs, and one that passes most of them.
  const SAMPLE = ["stale-key-accepted", "summary-source-unchecked", "compact-gives-up", "lowercases-pointer-tags"];
  const options = (level: Level): JointOptions => ({ level, numRuns: 30, seed: 20261113, bigWindowRuns: 1 });

  it.each(SAMPLE)("gives %s the verdicts, counterexamples and report paths of checking each property alone", async (id) => {
    const mutant = MUTANTS.find((each) => each.id === id);
    if (mutant === undefined) throw new Error(`no mutant ${id}`);
    const driver = inProcessDriver(mutant.pruner);
    const properties = applicable(mutant.level, driver);
    const alone: PropertyResult[] = [];
    for (const property of properties) alone.push(await checkProperty(driver, property, { ...options(mutant.level), seed: 20261113 }));
    const together = await all(checkTogether(driver, properties, options(mutant.level)));
    expect(together.map(verdict)).toEqual(alone.map(verdict));
    expect(together.some((result) => result.status === "failed")).toBe(true);
  });

  it("sends each run once, not once per property", async () => {
    const one = counting();
    const [property] = applicable("strict", one);
    await all(checkTogether(one, [property as (typeof PROPERTIES)[number]], options("strict")));
    const many = counting();
    const results = await all(checkTogether(many, applicable("strict", many), options("strict")));
    expect(results.every((result) => result.status === "passed")).toBe(true);
    // The probes of `deterministic` and `budget-reachable` add requests; a run per property would multiply them.
    expect(many.sends).toBeLessThan(3 * one.sends);
    expect(many.sends).toBeGreaterThan(one.sends);
  });

  it("gives each property its own budget of runs", async () => {
    const driver = counting();
    const [first, second] = applicable("core", driver) as [(typeof PROPERTIES)[number], (typeof PROPERTIES)[number]];
    const results = await all(checkTogether(driver, [first, second], { level: "core", numRuns: 5, seed: 3, runsOf: (p) => (p === first ? 5 : 12) }));
    expect(results.map((result) => [result.property, result.runs])).toEqual([
      [first.id, 5],
      [second.id, 12],
    ]);
  });

  it("reports a finding that does not come back when its run is repeated alone, unshrunk, rather than a pass", async () => {
    // Loses a span once, in its thirtieth request or later: the stream sees it, the property's run alone does not.
    const inner = inProcessDriver(referencePruner);
    let sends = 0;
    let lost = false;
    const flaky: Driver = {
      ...inner,
      async send(call, sendOptions) {
        sends++;
        const exchange = await inner.send(call, sendOptions);
        if (lost || sends < 30 || !exchange.outcome.ok || exchange.outcome.window.spans.length === 0) return exchange;
        lost = true;
        return { ...exchange, outcome: { ok: true, window: { ...exchange.outcome.window, spans: exchange.outcome.window.spans.slice(1) } } };
      },
    };
    const properties = applicable("core", flaky);
    const results = await all(checkTogether(flaky, properties, { level: "core", numRuns: 30, seed: 5 }));
    const failed = results.filter((result) => result.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const result of failed) {
      expect(result.shrinks).toBe(0);
      expect(result.origin.path).toBe(String(result.runsToFailure - 1));
    }
  });

  it("starts nothing once stopped, and yields a verdict for every property it had started", async () => {
    const driver = counting();
    const properties = applicable("core", driver);
    expect(await all(checkTogether(driver, properties, options("core"), () => true))).toEqual([]);
    expect(driver.sends).toBe(0);
    let runs = 0;
    const results = await all(
      checkTogether(driver, properties, { ...options("core"), observer: { sent: () => {}, ran: () => runs++, settled: () => {} } }, () => runs >= 3),
    );
    expect(results.map((result) => result.status)).toEqual(properties.map(() => "interrupted"));
  });

  it("shrinks failing properties side by side against a driver that runs elsewhere, with the same verdicts", async () => {
    const mutant = MUTANTS.find((each) => each.id === "stale-key-accepted");
    if (mutant === undefined) throw new Error("no mutant stale-key-accepted");
    const properties = applicable("core", inProcessDriver(mutant.pruner));
    const [elsewhere, here] = await Promise.all([
      all(checkTogether(counting(mutant.pruner, true), properties, options("core"))),
      all(checkTogether(counting(mutant.pruner, false), properties, options("core"))),
    ]);
    expect(elsewhere.map(verdict)).toEqual(here.map(verdict));
  });
});
