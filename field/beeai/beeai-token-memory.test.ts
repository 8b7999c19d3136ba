import { MemoryFatalError } from "beeai-framework/memory/base";
import { describe, expect, it } from "vitest";
import type { Span, Window } from "../../src/wire/window.ts";
import tokenMemory from "./beeai-token-memory.ts";

/** The BeeAI Framework's TokenMemory through its adapter, by hand: what it keeps, drops and refuses. */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });

describe("beeai-token-memory, the memory's own choices", () => {
  it("keeps the newest messages that fit, the very spans, and drops the oldest, a constraint too, with no pointer", async () => {
    const constraint = span("s1", "email UNIQUE", { tags: ["constraint"], externalized_key: "k1" });
    const request = span("s2", "add a second account");
    const answer = span("s3", "done", { role: "assistant" } as Partial<Span>);
    const result = await tokenMemory.compact!(window(constraint, request, answer), {}, { unit: "chars", limit: 26 });
    expect(result.spans).toEqual([request, answer]);
    expect(result.spans[0]).toBe(request);
    expect(result.derivation_depth).toBe(1);
  });

  it("leaves a window that fits as it was", async () => {
    const spans = [span("s1", "one"), span("s2", "two")];
    expect((await tokenMemory.compact!(window(...spans), {}, { unit: "chars", limit: 6 })).spans).toEqual(spans);
  });

  it("refuses a message alone over its limit with a MemoryFatalError naming no span, even one it would have dropped", async () => {
    const refusal = await tokenMemory.compact!(window(span("s1", "x".repeat(40)), span("s2", "ok")), {}, { unit: "chars", limit: 10 }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(MemoryFatalError);
    expect((refusal as Error).message).toBe("Retrieved message (40 tokens) cannot fit inside current memory (10 tokens)");
  });
});
