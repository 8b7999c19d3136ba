import type { Model } from "../llm/model.ts";
import type { Budget, Capability } from "../wire/protocol.ts";
import type { Store, Window } from "../wire/window.ts";

type Result = Window | Promise<Window>;

/**
 * An in-process pruner, the shape `--impl <module>` loads (default export, or a named export `pruner`).
 * A refusal is a thrown `UnrecoverablePruneError` (or any error whose `name` is that, so a module need
 * not depend on prunecheck). Arguments are plain data and must not be mutated.
 */
export interface Pruner {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  prune(window: Window, evictIds: readonly string[], store: Store): Result;
  summarize?(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store): Result;
  /**
   * A summary the pruner writes itself with `model`, the harness's (declare `model`): the model's answers
   * are generated, adversarially, so the pruner's guards must hold whatever it says.
   */
  summarizeWithModel?(window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model): Result;
  reground?(window: Window, store: Store): Result;
  /**
   * Reduce the window to the budget, choosing what to evict and (protocol 1.1) what to replace with
   * summaries it writes; the harness infers the choice by diffing. A pruner that declares `model` gets the
   * harness's model to choose and summarize with.
   */
  compact?(window: Window, store: Store, budget: Budget, model?: Model): Result;
}

/** Identity, for type inference in pruner modules. */
export function definePruner<P extends Pruner>(pruner: P): P {
  return pruner;
}
