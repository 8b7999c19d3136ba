import { describe, expect, it } from "vitest";
import compaction from "./openai-responses-compaction.ts";
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/**
 * The OpenAI Agents SDK's compaction session through its adapter, by hand, the harness standing in for the
 * Responses API's compaction endpoint: when the SDK compacts, what the endpoint is asked, and what the
 * session holds after.
 */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const call = span("call", "read_schema(users)");
const dump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], depends_on: ["call"] });
const request = span("ask", "add a second account with the same email");
const answer = span("answer", "done", { role: "assistant" } as Partial<Span>);
const session = window(call, dump, request, answer);

describe("openai-responses-compaction, the SDK's own part", () => {
  it("replaces the session with the endpoint's answer: the user's messages, then one compaction item for the rest", async () => {
    const model = spyModel("- the schema was read");
    const result = await compaction.compact!(session, {}, { unit: "chars", limit: 60 }, model);

    expect(model.asked).toEqual([["call", "dump", "answer"]]);
    const [kept, summary] = result.spans;
    expect(kept).toBe(request);
    expect(summary).toMatchObject({ span_id: "call~summary", kind: "summary", text: "- the schema was read", tags: [] });
    expect(summary?.provenance?.map((entry) => entry.span_id)).toEqual(["call", "dump", "answer"]);
  });

  it("leaves a session its decision hook does not flag, the endpoint never called", async () => {
    const model = spyModel("unused");
    const result = await compaction.compact!(session, {}, { unit: "chars", limit: 1000 }, model);

    expect(result.spans).toEqual(session.spans);
    expect(model.asked).toEqual([]);
  });

  it("keeps a user message whole whatever its size, so the session can stay over the budget", async () => {
    const long = span("ask", "x".repeat(500));
    const result = await compaction.compact!(window(long, answer), {}, { unit: "chars", limit: 100 }, spyModel("- done"));

    expect(result.spans[0]).toBe(long);
    expect(result.spans.reduce((sum, each) => sum + each.text.length, 0)).toBeGreaterThan(100);
  });

  it("keeps a parallel call's items as one span until the endpoint replaces them", async () => {
    const parallel = window(call, span("r1", "one", { depends_on: ["call"] }), span("r2", "two", { depends_on: ["call"] }));
    const result = await compaction.compact!(parallel, {}, { unit: "chars", limit: 1000 }, spyModel("unused"));

    expect(result.spans).toEqual(parallel.spans);
  });

  it("rethrows the endpoint's failure: the session is left as it was", async () => {
    const failing: Model = { summarize: () => Promise.reject(new ModelFailure("error", "429 Too Many Requests")), choose: async () => [] };
    const refusal = await compaction.compact!(session, {}, { unit: "chars", limit: 60 }, failing).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ModelFailure);
  });
});
