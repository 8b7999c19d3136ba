/**
 * How a window of spans reads as a chat transcript, for the adapters that hand spans to real message
 * libraries. Message libraries know one kind of dependency only, a tool result on its tool call, so that
 * is what `depends_on` becomes wherever it can:
 *
 * - a span that a later span depends on (or that is tagged `tool_call`) is an assistant turn that calls
 *   tools, one call per dependent result (parallel calls), or a single call when none answers it;
 * - a span that depends on such a call is that call's tool result (its first call-dependency only: a tool
 *   message answers one call);
 * - every other span is a plain turn of its `role` extra field (`system`, `user`, `assistant`), `user` by
 *   default. A dependency the transcript cannot express (a chain through a result, a second call) stays
 *   in the span and is invisible to the library, as it would be in an application.
 */
import type { Span } from "prunecheck";

export const TOOL_NAME = "tool";

export type Role = "system" | "user" | "assistant";

export type PlannedMessage =
  | { readonly kind: "call"; readonly span: Span; readonly callIds: readonly string[] }
  | { readonly kind: "result"; readonly span: Span; readonly callId: string }
  | { readonly kind: "text"; readonly span: Span; readonly role: Role };

export function planMessages(spans: readonly Span[]): PlannedMessage[] {
  const index = new Map(spans.map((span, at) => [span.span_id, at]));
  const earlier = (span: Span, at: number) =>
    (span.depends_on ?? []).flatMap((id) => {
      const target = index.get(id);
      return target !== undefined && target < at ? [target] : [];
    });
  const dependedOn = new Set(spans.flatMap((span, at) => earlier(span, at)));
  const isCall: boolean[] = [];
  const answers: (number | undefined)[] = [];
  spans.forEach((span, at) => {
    answers[at] = earlier(span, at).find((target) => isCall[target]);
    isCall[at] = answers[at] === undefined && (dependedOn.has(at) || span.tags.includes("tool_call"));
  });
  const callId = (call: number, result: number) => `call_${call}_${result}`;
  return spans.map((span, at): PlannedMessage => {
    const answered = answers[at];
    if (answered !== undefined) return { kind: "result", span, callId: callId(answered, at) };
    if (isCall[at]) {
      const results = answers.flatMap((target, result) => (target === at ? [callId(at, result)] : []));
      return { kind: "call", span, callIds: results.length > 0 ? results : [`call_${at}`] };
    }
    return { kind: "text", span, role: roleOf(span) };
  });
}

/**
 * The role of a planned message for a library that reads message text only (no tool parts): a call is the
 * assistant's turn, its result a user turn, any other span its own role.
 */
export function textOnlyRole(planned: PlannedMessage): Role {
  return planned.kind === "call" ? "assistant" : planned.kind === "result" ? "user" : planned.role;
}

function roleOf(span: Span): Role {
  const role = (span as { role?: unknown }).role;
  return role === "system" || role === "assistant" ? role : "user";
}

/**
 * The spans as a library's messages, built by `toMessage`, and the span each message came from: the way
 * back from whatever messages the library keeps (a message it wrote has no span).
 */
export function messagesOf<M extends object>(
  spans: readonly Span[],
  toMessage: (planned: PlannedMessage, at: number) => M,
): { messages: M[]; spanOf: Map<M, Span> } {
  const planned = planMessages(spans);
  const messages = planned.map((each, at) => toMessage(each, at));
  return { messages, spanOf: new Map(messages.map((message, at) => [message, planned[at]!.span])) };
}
