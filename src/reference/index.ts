import { definePruner } from "../transport/pruner.ts";
import { prune } from "./prune.ts";
import { reground } from "./reground.ts";
import { summarize, summarizeWithModel } from "./summarize.ts";
import { compact } from "./compact.ts";
import { compactWithModel } from "./model-compact.ts";
import type { Model } from "../llm/model.ts";
import type { Budget } from "../wire/protocol.ts";
import type { Store, Window } from "../wire/window.ts";
import type { Capability } from "../wire/protocol.ts";
import { capabilitiesFrom } from "../wire/protocol.ts";
import type { Pruner } from "../transport/pruner.ts";

export { prune } from "./prune.ts";
export { summarize, summarizeWithModel, SUMMARY_DEPTH } from "./summarize.ts";
export { compactWithModel, freshId } from "./model-compact.ts";
export { reground } from "./reground.ts";
export { compact } from "./compact.ts";
export { externalize } from "./externalize.ts";
export { ContentStore, contentKey } from "./content-store.ts";
export { mutate, WriteAheadLog } from "./mutate.ts";
export type { MutationRecord, MutationResult } from "./mutate.ts";
export { pointerText } from "./resolve.ts";

/** The embedded default: what `prunecheck run` checks when no implementation is named. */
export const referencePruner = definePruner({
  name: "reference",
  capabilities: ["prune", "summarize", "reground", "compact"],
  prune,
  summarize,
  reground,
  compact,
});

/**
 * The reference as a model-driven pruner (issue 32): it writes summaries with the harness's model and lets
 * the model choose what a compaction summarizes, its guards holding whatever the model answers. Without a
 * model (called directly), it compacts as the reference does.
 */
export const referenceModelPruner = definePruner({
  name: "reference-model",
  capabilities: ["prune", "summarize", "reground", "compact", "model"],
  prune,
  summarize,
  summarizeWithModel,
  reground,
  compact: (window: Window, store: Store, budget: Budget, model?: Model) =>
    model === undefined ? compact(window, store, budget) : compactWithModel(window, store, budget, model),
});

/**
 * The embedded reference declaring exactly `capabilities` (prune always among them): the model-driven one
 * when `model` is, else the reference. How a team sees what a compact-only or a model-driven pruner is held
 * to (`prunecheck run --capabilities prune,compact,model`), and what a report replays on once fixed.
 */
export function referenceWith(capabilities?: readonly string[]): Pruner {
  if (capabilities === undefined) return referencePruner;
  const declared: Capability[] = capabilitiesFrom(["prune", ...capabilities]);
  return { ...(declared.includes("model") ? referenceModelPruner : referencePruner), capabilities: declared };
}
