import type { WorkerPlan } from "../../fuzz/messages.ts";

/** Random rounds a campaign gets to find each catalog mutant (fuzz/finds-every-mutant.test.ts). */
export const MUTANT_CAMPAIGN_ROUNDS = 8;

/** A one-worker, one-shard campaign plan against the reference, for tests that run a worker in-thread. */
export function workerPlan(overrides: Partial<WorkerPlan> = {}): WorkerPlan {
  return {
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
  };
}
