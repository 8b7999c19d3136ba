import type { Pruner } from "../../../src/transport/pruner.ts";
import { compact, prune, summarize } from "../../../src/reference/index.ts";
import type { Span, Store, Window } from "../../../src/wire/window.ts";
import { kindOf } from "../../../src/wire/window.ts";

/**
 * What a faulty pruner asks of the store before it believes a span is externalized, in place of the
 * reference's byte-exact `store[key] === text`. `stored` is undefined when the key is absent.
 */
export type Lookup = (stored: string | undefined, span: Span) => boolean;

/**
 * The store as a pruner with that lookup sees it: under the key of every original the lookup accepts, the
 * span's own text. Handing this to the reference changes its comparison and nothing else.
 */
function believedStore(window: Window, store: Store, lookup: Lookup): Store {
  const believed = new Map(Object.entries(store));
  for (const span of window.spans) {
    const key = span.externalized_key;
    if (kindOf(span) === "pointer" || key === null || believed.get(key) === span.text) continue;
    if (lookup(Object.hasOwn(store, key) ? store[key] : undefined, span)) believed.set(key, span.text);
  }
  return Object.fromEntries(believed);
}

/**
 * The reference's operations with one careless comparison, used wherever they consult the store: the
 * eviction and summary checks and the check on derived windows. Shared by the mutants whose one fault is
 * that comparison.
 */
export function trusting(lookup: Lookup): Required<Pick<Pruner, "prune" | "summarize" | "compact">> {
  return {
    prune: (window, evictIds, store) => prune(window, evictIds, believedStore(window, store, lookup)),
    summarize: (window, spanIds, summaryId, summaryText, store) => summarize(window, spanIds, summaryId, summaryText, believedStore(window, store, lookup)),
    compact: (window, store, budget) => compact(window, believedStore(window, store, lookup), budget),
  };
}
