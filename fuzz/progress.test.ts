import { describe, expect, it } from "vitest";
import { memoryIo } from "../src/console/io.ts";
import { fakeClock } from "../test/helpers/fake-clock.ts";
import type { CampaignOptions } from "./campaign.ts";
import { Progress } from "./progress.ts";
import { WHOLE } from "./shard.ts";

const OPTIONS: CampaignOptions = {
  target: { kind: "reference" },
  timeoutMs: 5000,
  level: "core",
  budgetMs: 10_000,
  workers: 1,
  shard: WHOLE,
  seed: 1,
  outDir: "reports",
  corpusDir: "fuzz/corpus",
  exhaustive: 0,
};

describe("the campaign's progress", () => {
  it("off a TTY: a status line every statusEveryMs from the first worker's start, with rates and time left", () => {
    const clock = fakeClock();
    const io = memoryIo(1000);
    const progress = new Progress(io, OPTIONS, clock);
    clock.advance(5000);
    expect(io.statuses).toEqual([]);
    progress.start({ name: "slow", capabilities: ["prune"] }, 0);
    progress.add({ phase: "random", runs: 0, requests: 0, cases: 0 });
    clock.advance(1000);
    progress.add({ phase: "random", runs: 12, requests: 1500, cases: 0 });
    clock.advance(1000);
    progress.stop();
    clock.advance(5000);
    expect(io.statuses).toEqual([
      "prunecheck fuzz [random] 9.0 s left · 0 runs (0/s) · 0 requests (0/s) · 0 violations",
      "prunecheck fuzz [random] 8.0 s left · 12 runs (6/s) · 1,500 requests (750/s) · 0 violations",
    ]);
    expect(io.drawn.at(-1)).toBe("fuzz [random] 8.0 s left · 12 runs (6/s) · 1,500 requests (750/s) · 0 violations");
  });
});

describe("the campaign's progress through the exhaustive phase (issue 46: `--time 30s` took 77 s, unexplained)", () => {
  it("says first that the bound is judged whole before the budget, then how long the phase has to go at its pace", () => {
    const clock = fakeClock();
    const io = memoryIo(1000);
    const progress = new Progress(io, { ...OPTIONS, exhaustive: 1 }, clock);
    progress.start({ name: "slow", capabilities: ["prune"] }, 0);
    expect(io.lines[0]).toMatch(/; exhaustive bound 1 \((\d+) cases, judged whole first\); then 10\.0 s of random search$/);
    const total = Number(/\((\d+) cases/.exec(io.lines[0] ?? "")?.[1]);

    progress.add({ phase: "exhaustive", runs: 0, requests: 1, cases: 1 });
    clock.advance(1000);
    progress.add({ phase: "exhaustive", runs: 0, requests: total / 4 - 1, cases: total / 4 - 1 });
    // A quarter of the cases in a second: three more seconds to go.
    expect(progress.render()).toMatch(/^fuzz \[exhaustive\] exhaustive phase about 3\.0 s more, then 10\.0 s of random search · /);
    clock.advance(3000);
    progress.add({ phase: "random", runs: 5, requests: 5, cases: 0 });
    expect(progress.render()).toMatch(/^fuzz \[random\] 10\.0 s left · /);
    progress.stop();
  });
});
