import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { MUTANTS } from "../../properties/mutants/index.ts";
import { referencePruner } from "../reference/index.ts";
import type { Driver } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import type { Pruner } from "../transport/pruner.ts";
import { checkTogether, STREAM_DEPTH, type JointOptions } from "./joint.ts";
import { appliesTo } from "./property.ts";
import type { PropertyResult } from "./run.ts";

/**
 * Issue 46: against a stdio adapter the stream ran one run at a time, so the harness waited while the adapter
 * answered and the adapter waited while the harness built the next request (idle 1.9 s of a 5 s run). Runs
 * now overlap against a driver that runs elsewhere, with the verdicts of one run at a time.
 */

async function all(verdicts: AsyncGenerator<PropertyResult>): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  for await (const result of verdicts) results.push(result);
  return results;
}

/** A driver whose answers wait until released, so a test sees how many requests the stream has out at once. */
function held(concurrent: boolean, pruner: Pruner = referencePruner) {
  const inner = inProcessDriver(pruner);
  const waiting: (() => void)[] = [];
  let holding = true;
  const driver: Driver = {
    ...inner,
    concurrent,
    async send(call, options) {
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      return inner.send(call, options);
    },
  };
  return {
    driver,
    /** Requests out once the stream has nothing left to do but wait: every turn of the event loop since changed nothing. */
    async outstanding(): Promise<number> {
      let seen = -1;
      for (let still = 0; still < 50; still = waiting.length === seen ? still + 1 : 0) {
        seen = waiting.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return seen;
    },
    release() {
      holding = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

const properties = PROPERTIES.filter((property) => appliesTo(property, "core", inProcessDriver(referencePruner).capabilities));
const options: JointOptions = { level: "core", numRuns: 40, seed: 7, bigWindowRuns: 0 };

describe("checkTogether overlaps runs against a driver that runs elsewhere", () => {
  it(`keeps up to ${STREAM_DEPTH} runs out at once there, and one run at a time in process`, async () => {
    const counts: number[] = [];
    for (const concurrent of [false, true]) {
      const { driver, outstanding, release } = held(concurrent);
      const verdicts = all(checkTogether(driver, properties, options));
      counts.push(await outstanding());
      release();
      expect((await verdicts).map((result) => result.status)).toEqual(properties.map(() => "passed"));
    }
    const [alone, overlapping] = counts as [number, number];
    // Each run out has at least its next request waiting; one run at a time, only that run's (and its probes).
    expect(alone).toBeGreaterThan(0);
    expect(overlapping).toBeGreaterThanOrEqual(STREAM_DEPTH);
    expect(overlapping).toBeGreaterThan(alone);
  });

  it("gives each property the earliest run it fails at, with the counts of one run at a time", async () => {
    // Different properties catch this mutant's fault at different runs; the runs after a failure may already be out.
    const mutant = MUTANTS.find((each) => each.id === "stale-key-accepted");
    if (mutant === undefined) throw new Error("no mutant stale-key-accepted");
    const judged = PROPERTIES.filter((property) => appliesTo(property, mutant.level, mutant.pruner.capabilities));
    const run = async (concurrent: boolean) => {
      const inner = inProcessDriver(mutant.pruner);
      let sends = 0;
      // Answers come back out of order, each after its own number of turns, so a later run can end first.
      const driver: Driver = {
        ...inner,
        concurrent,
        async send(call, sendOptions) {
          for (let turns = (sends++ * 7) % 5; turns > 0; turns--) await new Promise((resolve) => setImmediate(resolve));
          return inner.send(call, sendOptions);
        },
      };
      const results = await all(checkTogether(driver, judged, { ...options, level: mutant.level, numRuns: 60 }));
      return results.map((result) =>
        result.status === "failed"
          ? { property: result.property, runs: result.runs, requests: result.requests, path: result.origin.path, counterexample: result.counterexample }
          : { property: result.property, status: result.status, runs: result.runs, requests: result.requests },
      );
    };
    const [alone, overlapping] = [await run(false), await run(true)];
    expect(overlapping).toEqual(alone);
    expect(alone.filter((result) => "path" in result).length).toBeGreaterThan(1);
  });

  it("ends the stream with the error that broke a run, for every property, whether runs overlap or not", async () => {
    for (const concurrent of [false, true]) {
      const inner = inProcessDriver(referencePruner);
      let sends = 0;
      const driver: Driver = {
        ...inner,
        concurrent,
        send(call, sendOptions) {
          if (++sends === 12) return Promise.reject(new Error("the driver went away"));
          return inner.send(call, sendOptions);
        },
      };
      const results = await all(checkTogether(driver, properties, options));
      expect(results.map((result) => (result.status === "error" ? String(result.error) : result.status))).toEqual(
        properties.map(() => "Error: the driver went away"),
      );
    }
  });
});
