/**
 * A library pruner with its `prune` answered by prunecheck's reference prune, so that every violation a
 * run finds is one the library's own `compact` committed. The adapters answer `prune` by removing the
 * named messages (the libraries take a budget, not an evict set), which fails the same properties for a
 * reason that is not the library's choice; the modules in adapters/compact-only/ are these variants, and
 * the matrix and docs/findings.md show both.
 */
import { prune } from "prunecheck";
import type { Pruner } from "prunecheck";

export function compactOnly(pruner: Pruner): Pruner {
  return { ...pruner, name: `${pruner.name}-compact-only`, prune };
}
