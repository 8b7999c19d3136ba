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
