import { createHash } from "node:crypto";

/** How a round's seed is made, as the summary records it. */
export const SEED_DERIVATION = 'seed of round r of property p = first 4 bytes of sha256("<campaign seed>:<p>:<r>") as a big-endian uint32, top bit cleared';

/**
 * Every round of every property gets its own fast-check seed from the campaign seed, so a campaign
 * repeats round for round given the same seed, shards and workers, and neighbouring rounds share nothing.
 */
export function roundSeed(campaignSeed: number, propertyId: string, round: number): number {
  return createHash("sha256").update(`${campaignSeed}:${propertyId}:${round}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/** fast-check runs per random round: short enough that the deadline and Ctrl-C are seen between rounds. */
export const DEFAULT_ROUND_RUNS = 100;
