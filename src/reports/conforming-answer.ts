import { referencePruner } from "../reference/index.ts";
import { callPruner, toWireError } from "../transport/in-process.ts";
import type { OperationRequest, Outcome } from "../wire/protocol.ts";
import type { Window } from "../wire/window.ts";

/**
 * One conforming answer to `request`: the reference's. A report tells it beside the answer that broke the
 * condition, so a reader sees what should have come back, not only what did ("refused with key_missing",
 * "a pointer whose key resolves"). Null where the reference's answer is not the request's alone: a summary
 * or compaction the model writes depends on the model's answers, which the reference would not ask alike.
 */
export function conformingAnswer(request: OperationRequest, usedModel: boolean): Outcome | null {
  if (usedModel) return null;
  try {
    // The reference answers at once: its methods return a window, never a promise.
    return { ok: true, window: callPruner(referencePruner, request, undefined) as Window };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

