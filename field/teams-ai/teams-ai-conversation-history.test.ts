import { describe, expect, it } from "vitest";
import type { Span, Window } from "../../src/wire/window.ts";
import history from "./teams-ai-conversation-history.ts";

/** The Teams AI ConversationHistory section through its adapter, by hand: what it keeps and what it drops. */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const ids = (result: Window) => result.spans.map((kept) => kept.span_id);

describe("teams-ai-conversation-history, the section's own choices", () => {
  const constraint = span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], externalized_key: "k1" });
  const request = span("s2", "add a second account");
  const answer = span("s3", "done", { role: "assistant" } as Partial<Span>);

  it("keeps the newest messages within its budget, the very spans, and a window that fits whole", async () => {
    const result = await history.compact!(window(constraint, request, answer), {}, { unit: "chars", limit: 30 });
    expect(ids(result)).toEqual(["s2", "s3"]);
    expect(result.spans[0]).toBe(request);
    expect(ids(await history.compact!(window(constraint, request, answer), {}, { unit: "chars", limit: 65 }))).toEqual(["s1", "s2", "s3"]);
  });

  it("stops at the first message that does not fit: an older one that would is dropped too", async () => {
    const result = await history.compact!(window(span("s0", "ok"), constraint, answer), {}, { unit: "chars", limit: 40 });
    expect(ids(result)).toEqual(["s3"]);
  });

  it("drops a tool result left first, whose call did not fit, although it fits", async () => {
    const call = span("c1", "read_schema(users) ".repeat(3));
    const result = span("r1", "email UNIQUE", { depends_on: ["c1"] });
    expect(ids(await history.compact!(window(call, result, answer), {}, { unit: "chars", limit: 45 }))).toEqual(["s3"]);
  });

  it("counts in the budget's unit: tokens, a quarter of the characters", async () => {
    expect(ids(await history.compact!(window(constraint, request, answer), {}, { unit: "tokens", limit: 8 }))).toEqual(["s2", "s3"]);
  });
});
