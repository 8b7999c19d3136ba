import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { Store, Window } from "../wire/window.ts";
import { firstUngrounded } from "./resolve.ts";

/**
 * "The runtime must reject a prune whose input window is itself the output of an un-externalized prune":
 * a derived window may be reduced again only while every span in it still resolves in the store.
 */
export function assertGroundedIfDerived(window: Window, store: Store): void {
  if (window.derivation_depth === 0) return;
  const ungrounded = firstUngrounded(window, store);
  if (ungrounded !== null) {
    throw new UnrecoverablePruneError(
      "derived_ungrounded",
      ungrounded.span.span_id,
      `the window is derived (derivation_depth ${window.derivation_depth}) and this span does not resolve in the store (${ungrounded.reason}); reground first`,
    );
  }
}
