import { compact, prune, reground, summarize } from "../reference/index.ts";
import { toWireError } from "../transport/in-process.ts";
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
    return { ok: true, window: answer(request) };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

function answer(request: OperationRequest): Window {
  switch (request.op) {
    case "prune":
      return prune(request.window, request.evict_ids, request.store);
    case "summarize":
      return summarize(request.window, request.span_ids, request.summary_id, request.summary_text ?? "", request.store);
    case "reground":
      return reground(request.window, request.store);
    case "compact":
      return compact(request.window, request.store, request.budget);
  }
}
