import { definePruner } from "../transport/pruner.ts";
import { prune } from "./prune.ts";
import { reground } from "./reground.ts";
import { summarize } from "./summarize.ts";
import { compact } from "./compact.ts";

export { prune } from "./prune.ts";
export { summarize, SUMMARY_DEPTH } from "./summarize.ts";
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
