import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { definePruner } from "../src/transport/pruner.ts";
import type { Driver } from "../src/transport/driver.ts";
import { referencePruner } from "../src/reference/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import { workerPlan } from "../test/helpers/worker-plan.ts";
import type { Found, WorkerEvent, WorkerPlan } from "./messages.ts";
import { runWorker, sweepOrder } from "./worker.ts";

const quiet = (failed: ReadonlySet<string> = new Set(), events: WorkerEvent[] = []) => ({
  stopped: () => false,
  failed,
  emit: (event: WorkerEvent) => events.push(event),
});

describe("a worker's random search", () => {
  it("runs rounds until the budget is spent", async () => {
    const result = await runWorker(workerPlan({ roundRuns: 2 }), inProcessDriver(referencePruner), quiet());
    const tallies = Object.values(result.properties);
    expect(tallies.some((tally) => tally.rounds > 0)).toBe(true);
    expect(tallies.every((tally) => tally.error === undefined)).toBe(true);
    expect(result.random.runs).toBe(tallies.reduce((sum, tally) => sum + tally.runs, 0));
    expect(result.random.ms).toBeGreaterThanOrEqual(300);
  });

  it("counts a round the budget cuts before its first run as interrupted, not as a harness error", async () => {
    const slow = definePruner({ ...referencePruner, name: "slow", prune: async (...args) => (await sleep(30), referencePruner.prune(...args)) });
    const result = await runWorker(workerPlan({ budgetMs: 20, only: ["kept-untouched"] }), inProcessDriver(slow), quiet());
    expect(result.properties["kept-untouched"]).toMatchObject({ rounds: 1 });
    expect(result.properties["kept-untouched"]?.error).toBeUndefined();
  });

  it("leaves alone the properties another worker has a counterexample for", async () => {
    const result = await runWorker(
      workerPlan({ roundRuns: 2, only: ["depth-bound", "kept-untouched"] }),
      inProcessDriver(referencePruner),
      quiet(new Set(["depth-bound"])),
    );
    expect(result.properties["depth-bound"]?.rounds).toBe(0);
    expect(result.properties["kept-untouched"]?.rounds).toBeGreaterThan(0);
  });

  it("with --rounds, runs exactly those rounds of each property however the workers split them, the budget only a guard", async () => {
    const only = ["depth-bound", "kept-untouched"];
    const plan = (worker: number, workers: number) =>
      workerPlan({ roundRuns: 2, only, budgetMs: 600_000, maxRounds: 5, slot: { shard: { index: 1, count: 1 }, workers, worker } });
    const alone = await runWorker(plan(0, 1), inProcessDriver(referencePruner), quiet());
    const split = await Promise.all([0, 1].map((worker) => runWorker(plan(worker, 2), inProcessDriver(referencePruner), quiet())));
    for (const id of only) {
      expect(alone.properties[id]?.rounds).toBe(5);
      expect(split.map((result) => result.properties[id]?.rounds)).toEqual([3, 2]);
    }
    // Against an adapter every property rounds on its own: the same limit holds.
    const concurrent = await runWorker(plan(0, 1), asAdapter(inProcessDriver(referencePruner)), quiet());
    expect(only.map((id) => concurrent.properties[id]?.rounds)).toEqual([5, 5]);
  });

  it("starts each worker's sweep at a different property", () => {
    const ids = ["a", "b", "c", "d", "e"];
    const slot = (worker: number, workers: number) => ({ shard: { index: 1, count: 1 }, workers, worker });
    expect(sweepOrder(ids, slot(0, 2))).toEqual(ids);
    expect(sweepOrder(ids, slot(1, 2))).toEqual(["d", "e", "a", "b", "c"]);
    expect(sweepOrder(ids, slot(2, 3))).toEqual(["e", "a", "b", "c", "d"]);
  });
});

/**
 * An in-process pruner dressed as an adapter in its own process: every answer comes a turn of the event
 * loop later, and the most requests ever in flight at once are counted.
 */
function asAdapter(driver: Driver): Driver & { readonly maxInFlight: () => number } {
  let inFlight = 0;
  let max = 0;
  return {
    ...driver,
    concurrent: true,
    isolatesInputs: false,
    async send(call) {
      max = Math.max(max, ++inFlight);
      try {
        await new Promise((resolve) => setImmediate(resolve));
        return await driver.send(call);
      } finally {
        inFlight--;
      }
    },
    maxInFlight: () => max,
  };
}

function mutant(id: string): Driver {
  const found = MUTANTS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no mutant ${id} in the catalog`);
  return inProcessDriver(found.pruner);
}

/** What a campaign keeps of a worker's findings, by property. */
async function findings(driver: Driver, overrides: Partial<WorkerPlan>): Promise<Record<string, unknown>> {
  const events: WorkerEvent[] = [];
  await runWorker(workerPlan(overrides), driver, quiet(new Set(), events));
  const found = events.flatMap((event) => (event.type === "found" ? [event.found] : []));
  const shape = ({ phase, order, roundSeed, report }: Found) => ({
    phase,
    order,
    roundSeed,
    violated: report.property.id,
    counterexample: report.counterexample,
  });
  return Object.fromEntries(found.map((each) => [each.property, shape(each)]));
}

describe("a worker against an adapter in its own process", () => {
  // stale-key-accepted fails all three: each property's rounds end at its counterexample, so the worker ends.
  const failing = ["precondition-recoverable", "stale-key-refused", "depth-bound"];

  it("checks the properties side by side", async () => {
    const driver = asAdapter(inProcessDriver(referencePruner));
    // Neither property probes: more than one request in flight can only be two properties at once.
    await runWorker(workerPlan({ roundRuns: 5, budgetMs: 200, only: ["depth-bound", "kept-untouched"] }), driver, quiet());
    expect(driver.maxInFlight()).toBe(2);
  });

  it("finds the same counterexamples, at the same rounds and seeds, as one property after another", async () => {
    const sideBySide = asAdapter(mutant("stale-key-accepted"));
    const overrides = { budgetMs: 20_000, only: failing };
    const expected = await findings(mutant("stale-key-accepted"), overrides);
    expect(Object.keys(expected).sort()).toEqual([...failing].sort());
    expect(await findings(sideBySide, overrides)).toEqual(expected);
    expect(sideBySide.maxInFlight()).toBeGreaterThan(1);
  });

  it("judges exhaustive cases several at a time and still reports each property's lowest failing case", async () => {
    const sideBySide = asAdapter(mutant("stale-key-accepted"));
    // A budget of 0 leaves only the exhaustive phase.
    const overrides = { budgetMs: 0, exhaustive: 1, only: failing };
    const expected = await findings(mutant("stale-key-accepted"), overrides);
    expect(Object.values(expected).every((each) => (each as Found).phase === "exhaustive")).toBe(true);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(await findings(sideBySide, overrides)).toEqual(expected);
    expect(sideBySide.maxInFlight()).toBeGreaterThan(2);
  });
});
