import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../src/adapters/in-process.ts";
import { definePruner } from "../src/adapters/pruner.ts";
import { referencePruner } from "../src/reference/index.ts";
import type { WorkerEvent, WorkerPlan } from "./messages.ts";
import { runWorker, sweepOrder } from "./worker.ts";

const plan = (overrides: Partial<WorkerPlan> = {}): WorkerPlan => ({
  target: { kind: "reference" },
  timeoutMs: 1000,
  level: "core",
  seed: 4,
  slot: { shard: { index: 1, count: 1 }, workers: 1, worker: 0 },
  budgetMs: 300,
  exhaustive: 0,
  roundRuns: 20,
  corpus: [],
  outDir: "reports",
  ...overrides,
});

const quiet = (failed: ReadonlySet<string> = new Set(), events: WorkerEvent[] = []) => ({ stopped: () => false, failed, emit: (event: WorkerEvent) => events.push(event) });

describe("a worker's random search", () => {
  it("runs rounds until the budget is spent", async () => {
    const result = await runWorker(plan({ roundRuns: 2 }), inProcessDriver(referencePruner), quiet());
    const tallies = Object.values(result.properties);
    expect(tallies.some((tally) => tally.rounds > 0)).toBe(true);
    expect(tallies.every((tally) => tally.error === undefined)).toBe(true);
    expect(result.random.runs).toBe(tallies.reduce((sum, tally) => sum + tally.runs, 0));
    expect(result.random.ms).toBeGreaterThanOrEqual(300);
  });

  it("counts a round the budget cuts before its first run as interrupted, not as a harness error", async () => {
    const slow = definePruner({ ...referencePruner, name: "slow", prune: async (...args) => (await sleep(30), referencePruner.prune(...args)) });
    const result = await runWorker(plan({ budgetMs: 20, only: ["kept-untouched"] }), inProcessDriver(slow), quiet());
    expect(result.properties["kept-untouched"]).toMatchObject({ rounds: 1 });
    expect(result.properties["kept-untouched"]?.error).toBeUndefined();
  });

  it("leaves alone the properties another worker has a counterexample for", async () => {
    const result = await runWorker(plan({ roundRuns: 2, only: ["depth-bound", "kept-untouched"] }), inProcessDriver(referencePruner), quiet(new Set(["depth-bound"])));
    expect(result.properties["depth-bound"]?.rounds).toBe(0);
    expect(result.properties["kept-untouched"]?.rounds).toBeGreaterThan(0);
  });

  it("starts each worker's sweep at a different property", () => {
    const ids = ["a", "b", "c", "d", "e"];
    const slot = (worker: number, workers: number) => ({ shard: { index: 1, count: 1 }, workers, worker });
    expect(sweepOrder(ids, slot(0, 2))).toEqual(ids);
    expect(sweepOrder(ids, slot(1, 2))).toEqual(["d", "e", "a", "b", "c"]);
    expect(sweepOrder(ids, slot(2, 3))).toEqual(["e", "a", "b", "c", "d"]);
  });
});
