/**
 * adapters/message-plan.ts, with the turn-taking rules of a provider's API expressed as dependencies: a
 * span with an explicit `role` extra field is a plain turn of that role, even when a later span depends
 * on it. Such a `depends_on` is the rule that an answer needs its question (a provider rejects a history
 * that starts with the assistant's answer or has two answers in a row); a message list cannot say it, so
 * the library must keep it on its own, and `dependencies-intact` judges whether it did. A tool result
 * whose call became a plain turn that way is a plain user turn too, so no tool result is left pointing at
 * a call that is not there.
 */
import type { Span } from "prunecheck";
import { planMessages, type PlannedMessage, type Role } from "../../../adapters/message-plan.ts";

export function planTurns(spans: readonly Span[]): PlannedMessage[] {
  const planned = planMessages(spans);
  const asTurn = new Set<string>();
  const turns = planned.map((plan): PlannedMessage => {
    const role = explicitRole(plan.span);
    if (role === null || plan.kind === "text") return plan;
    if (plan.kind === "call") plan.callIds.forEach((id) => asTurn.add(id));
    return { kind: "text", span: plan.span, role };
  });
  return turns.map((plan) => (plan.kind === "result" && asTurn.has(plan.callId) ? { kind: "text", span: plan.span, role: "user" } : plan));
}

function explicitRole(span: Span): Role | null {
  const role = (span as { role?: unknown }).role;
  return role === "system" || role === "user" || role === "assistant" ? role : null;
}
