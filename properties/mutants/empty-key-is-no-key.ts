/**
 * Fault: an empty key is taken for no key (a falsy check, `if (!span.externalized_key)`): a span whose
 * copy is stored under "" is refused as not externalized, though the store holds its exact text.
 * Breaks: "[s-empty] "" is a key, distinct from null, and "" is text" — the empty string is a value a
 * store may hold and a runtime may use.
 * Must be caught by: safe-prune-succeeds.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { prune } from "../../src/reference/index.ts";
import { kindOf, type Store, type Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const emptyKeyIsNoKey = defineMutant({
  id: "empty-key-is-no-key",
  description: 'refuses to evict a span whose key is "" as if it had no key',
  level: "core",
  expectedProperties: ["safe-prune-succeeds"],
  breaks: ["s-empty"],
  pruner: alterReference("empty-key-is-no-key", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      // `!span.externalized_key` is true of null and of "" alike: only "" is the fault here.
      const keyless = window.spans.find((span) => evictIds.includes(span.span_id) && kindOf(span) !== "pointer" && span.externalized_key === "");
      if (keyless !== undefined) throw new UnrecoverablePruneError("not_externalized", keyless.span_id);
      return prune(window, evictIds, store);
    },
  }),
});
