import { describe, expect, it } from "vitest";
import type { Span, Window } from "../../src/wire/window.ts";
import tokenLimiter from "./mastra-token-limiter.ts";

/** Mastra's TokenLimiter processor through its adapter, by hand: what it keeps and what its overheads cost. */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const ids = (result: Window) => result.spans.map((kept) => kept.span_id);

describe("mastra-token-limiter, the processor's own choices", () => {
  const constraint = span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], externalized_key: "k1" });
  const request = span("s2", "add a second account");
  const answer = span("s3", "done", { role: "assistant" } as Partial<Span>);

  it("keeps the newest messages within its limit less its overheads (24 a conversation, 3.8 a message), the very spans", async () => {
    // 24 + (4 + 3.8) + (20 + 3.8) = 55.6: the two newest fit 60, the constraint does not.
    const result = await tokenLimiter.compact!(window(constraint, request, answer), {}, { unit: "chars", limit: 60 });
    expect(ids(result)).toEqual(["s2", "s3"]);
    expect(result.spans[0]).toBe(request);
  });

  it("stops at the first message that does not fit: an older one that would is dropped too", async () => {
    const small = span("s0", "ok");
    const result = await tokenLimiter.compact!(window(small, constraint, answer), {}, { unit: "chars", limit: 40 });
    expect(ids(result)).toEqual(["s3"]);
  });

  it("under its conversation overhead keeps nothing, even a window that fits", async () => {
    expect(ids(await tokenLimiter.compact!(window(span("s1", "")), {}, { unit: "chars", limit: 20 }))).toEqual([]);
  });

  it("keeps a tool result and drops the call it answers when only the result fits", async () => {
    const call = span("c1", "read_schema(users) ".repeat(3));
    const result = span("r1", "email UNIQUE", { depends_on: ["c1"] });
    expect(ids(await tokenLimiter.compact!(window(call, result), {}, { unit: "chars", limit: 45 }))).toEqual(["r1"]);
  });
});
