/**
 * Fault: every operation is refused, with a perfectly typed error.
 * Breaks: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal" — a refusal is owed only when the boundary is at stake; a pruner that never prunes is useless,
 * not safe.
 * Must be caught by: safe-prune-succeeds.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import type { Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

function refuse(): Window {
  throw new UnrecoverablePruneError("derived_ungrounded", null, "refusing on principle");
}

export const refusesEverything = defineMutant({
  id: "refuses-everything",
  description: "refuses every operation: prune, summarize, reground and compact",
  level: "core",
  expectedProperties: ["safe-prune-succeeds"],
  pruner: alterReference("refuses-everything", { prune: refuse, summarize: refuse, reground: refuse, compact: refuse }),
});
