import { definePruner } from "../transport/pruner.ts";
import { prune } from "./prune.ts";
import { reground } from "./reground.ts";
import { summarize, summarizeWithModel } from "./summarize.ts";
import { compact } from "./compact.ts";
import { compactWithModel } from "./model-compact.ts";
import type { Model } from "../model/model.ts";
import type { Budget } from "../wire/protocol.ts";
import type { Store, Window } from "../wire/window.ts";

export { prune } from "./prune.ts";
export { summarize, summarizeWithModel, SUMMARY_DEPTH } from "./summarize.ts";
export { compactWithModel } from "./model-compact.ts";
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
