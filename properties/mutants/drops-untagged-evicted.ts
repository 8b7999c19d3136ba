/**
 * Fault: an evicted span without a precondition tag (and that no kept span depends on) is dropped instead
 * of left as a pointer: the seed snippet's own behaviour (`# else: safely evictable, drop`).
 * Breaks: "Every span the pruner may evict has already been written to an immutable, addressable store
 * keyed by a stable identifier, and the pruned window retains that identifier" — for *every* span. The
 * seed's decision boundary ("Intermediate diffs, exploratory reads, and superseded plans → safely
 * evictable to a side store") makes this legal at core, so it must survive core and die at strict. (A span
 * something kept depends on is spared: dropping it is dependencies-intact's finding, already at core.)
 * Must be caught by: externalize-everything or safe-prune-succeeds at strict (reevict-idempotent when the
 * dropped span was a pointer).
 */
import { isPreconditionBearing } from "../../src/wire/tags.ts";
import { alterReference, defineMutant } from "./mutant.ts";
import { pruneDroppingUntagged } from "./_internals/untagged-drop.ts";

export const dropsUntaggedEvicted = defineMutant({
  id: "drops-untagged-evicted",
  description: "drops evicted spans that carry no precondition tag (and nothing kept depends on) instead of leaving pointers",
  level: "strict",
  expectedProperties: ["externalize-everything", "safe-prune-succeeds", "reevict-idempotent"],
  breaks: ["s-copy-all"],
  pruner: alterReference("drops-untagged-evicted", { prune: pruneDroppingUntagged(isPreconditionBearing) }),
});
