import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundSeed } from "./seeds.ts";
import { nthItem, owns, parseShard, shardShare, type Slot } from "./shard.ts";

describe("parseShard (--shard i/n)", () => {
  it("reads i/n", () => {
    expect(parseShard("1/1")).toEqual({ index: 1, count: 1 });
    expect(parseShard("3/4")).toEqual({ index: 3, count: 4 });
  });

  it.each(["0/4", "5/4", "1/0", "4", "1/2/3", "a/b", "-1/2", ""])("refuses %j as a usage error", (text) => {
    expect(() => parseShard(text)).toThrow(expect.objectContaining({ name: "InputError", code: "usage" }));
  });
});

/** n shards, each with its own worker count: every slot of the campaign. */
const campaignArb = fc
  .array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 })
  .map((workersPerShard) =>
    workersPerShard.flatMap((workers, index) =>
      [...Array(workers).keys()].map((worker): Slot => ({ shard: { index: index + 1, count: workersPerShard.length }, workers, worker })),
    ),
  );

describe("shard and worker partitioning", () => {
  it("gives every item to exactly one worker of one shard, whatever each shard's worker count", () => {
    fc.assert(
      fc.property(campaignArb, fc.integer({ min: 0, max: 300 }), (slots, items) => {
        for (let item = 0; item < items; item++) expect(slots.filter((slot) => owns(slot, item))).toHaveLength(1);
      }),
    );
  });

  it("nthItem lists exactly the items a slot owns, in increasing order", () => {
    fc.assert(
      fc.property(campaignArb, fc.nat(), (slots, pick) => {
        const slot = slots[pick % slots.length] as Slot;
        const listed = [...Array(40).keys()].map((j) => nthItem(slot, j));
        const limit = listed.at(-1) as number;
        const owned = [...Array(limit + 1).keys()].filter((item) => owns(slot, item));
        expect(listed).toEqual(owned);
      }),
    );
  });

  it("shardShare counts a shard's items, so the shards' shares add up to the whole", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 500 }), (count, total) => {
        const shares = [...Array(count).keys()].map((index) => shardShare(total, { index: index + 1, count }));
        for (const [index, share] of shares.entries()) {
          const slot = { shard: { index: index + 1, count }, workers: 1, worker: 0 };
          expect(share).toBe([...Array(total).keys()].filter((item) => owns(slot, item)).length);
        }
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      }),
    );
  });
});

describe("roundSeed", () => {
  it("is a deterministic 31-bit seed per campaign seed, property and round", () => {
    const seed = roundSeed(42, "depth-bound", 7);
    expect(roundSeed(42, "depth-bound", 7)).toBe(seed);
    expect(seed).toBeGreaterThanOrEqual(0);
    expect(seed).toBeLessThan(2 ** 31);
    const neighbours = new Set([seed, roundSeed(43, "depth-bound", 7), roundSeed(42, "kept-untouched", 7), roundSeed(42, "depth-bound", 8)]);
    expect(neighbours.size).toBe(4);
  });
});
