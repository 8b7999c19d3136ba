import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import type { Mutant } from "../properties/mutants/mutant.ts";
import { MUTANT_CAMPAIGN_ROUNDS, workerPlan } from "../test/helpers/worker-plan.ts";
import type { Found, WorkerEvent } from "./messages.ts";
import { runWorker } from "./worker.ts";

/**
 * What `prunecheck fuzz` promises a team: a campaign finds a broken pruner, whatever phase it takes. Each
 * catalog mutant goes through one worker's whole pipeline (the exhaustive phase at bound 1, then random
 * rounds) with a fixed seed and a fixed number of rounds, so what is searched, and so the verdict, is the
 * same on a busy machine as on an idle one; the campaign stops as soon as it has a counterexample for a
 * property the mutant must be caught by. The time budget only guards against a hang: far above the few
 * seconds the whole search takes.
 */
const ROUNDS = MUTANT_CAMPAIGN_ROUNDS;
const GUARD_MS = 600_000;

describe(`a fuzz campaign finds every catalog mutant (seed 1, exhaustive bound 1, at most ${ROUNDS} rounds of 100 runs)`, () => {
  it.each(MUTANTS.map((mutant) => [mutant.id, mutant] as const))("%s", async (_id, mutant: Mutant) => {
    const found: Found[] = [];
    const caught = (each: Found) => mutant.expectedProperties.includes(each.report.property.id);
    const emit = (event: WorkerEvent) => {
      if (event.type === "found") found.push(event.found);
    };
    await runWorker(
      workerPlan({
        target: { kind: "impl", path: `properties/mutants/${mutant.id}.ts` },
        level: mutant.level,
        seed: 1,
        budgetMs: GUARD_MS,
        maxRounds: ROUNDS,
        exhaustive: 1,
        roundRuns: 100,
      }),
      inProcessDriver(mutant.pruner),
      { stopped: () => found.some(caught), failed: new Set(), emit },
    );
    expect(
      found.filter(caught).map((each) => each.report.property.id),
      `found only: ${found.map((each) => `${each.property} (${each.phase})`).join(", ") || "nothing"}`,
    ).not.toEqual([]);
  });
});
