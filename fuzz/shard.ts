import { z } from "zod";
import { InputError } from "../src/errors/input.ts";

/** `--shard i/n`: this machine runs part i (1-based) of n. */
export const Shard = z.object({ index: z.int().min(1), count: z.int().min(1) }).readonly();
export type Shard = z.infer<typeof Shard>;

export const WHOLE: Shard = Object.freeze({ index: 1, count: 1 });

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  // A count past 2^53 reads as another number: not a shard anyone can run (issue 33).
  if (match === null || count < 1 || index < 1 || index > count || !Number.isSafeInteger(count)) {
    throw new InputError(
      "usage",
      `--shard must be i/n with 1 <= i <= n <= 2^53-1, got ${JSON.stringify(text)}`,
      "In a CI matrix of 4 machines: --shard 1/4, --shard 2/4, --shard 3/4, --shard 4/4.",
    );
  }
  return { index, count };
}

/** One worker's place in a campaign: which shard it is in, and which of that shard's workers it is. */
export interface Slot {
  readonly shard: Shard;
  readonly workers: number;
  /** 0-based. */
  readonly worker: number;
}

/**
 * A campaign's work comes as numbered items: for each property its rounds 0, 1, 2, …, the exhaustive
 * cases, the corpus entries. Item i belongs to shard (i mod n) + 1 and, within it, to worker ⌊i / n⌋ mod W.
 * The shards split the items whatever each one's worker count, so machines of a CI matrix may differ;
 * within a shard, more workers run the same items sooner.
 */
export function owns(slot: Slot, item: number): boolean {
  const { shard, workers, worker } = slot;
  return item % shard.count === shard.index - 1 && Math.floor(item / shard.count) % workers === worker;
}

/** The j-th item (j = 0, 1, …) a slot owns, in increasing order. */
export function nthItem(slot: Slot, j: number): number {
  return slot.shard.index - 1 + slot.shard.count * (slot.worker + slot.workers * j);
}

/** How many of items 0 … total − 1 a shard owns. */
export function shardShare(total: number, shard: Shard): number {
  return Math.max(0, Math.ceil((total - (shard.index - 1)) / shard.count));
}
