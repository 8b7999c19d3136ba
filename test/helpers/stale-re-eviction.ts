import type { Window } from "../../src/wire/window.ts";

/**
 * A trace line recorded by hand: the pruner re-evicted the pointers of `pruned` against a store whose `key`
 * now holds another text, and answered the window unchanged. Judged with its conversation, which knows the
 * pointer's original text, it breaks properties; judged alone, the store's copy is all it shows.
 */
export function staleReEviction(pruned: Window, evictIds: readonly string[], key: string, conversation: string): string {
  return JSON.stringify({
    request: { id: 9, op: "prune", window: pruned, evict_ids: evictIds, store: { [key]: "edited since" } },
    response: { id: 9, ok: true, window: pruned },
    sent_at: "2026-12-03T16:00:00.000Z",
    answered_at: "2026-12-03T16:00:00.001Z",
    conversation,
  });
}
