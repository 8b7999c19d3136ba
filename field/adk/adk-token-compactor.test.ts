import { LlmSummarizer, type BaseLlm, type LlmRequest } from "@google/adk";
import { describe, expect, it } from "vitest";
import compactor from "./adk-token-compactor.ts";
import { toAdkEvent } from "./format.ts";
import { messagesOf } from "../../adapters/message-plan.ts";
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/**
 * Google ADK's token-based compactor through its adapter, by hand: what it summarizes and keeps, what its
 * summarizer's LLM (the harness's model) is asked and shown, and what an empty answer does.
 */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const turns = window(
  span("s0", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], externalized_key: "k0" }),
  span("s1", "add a second account with the same email"),
  span("s2", "that would break the unique constraint", { role: "assistant" } as Partial<Span>),
  span("s3", "then merge them"),
);

describe("adk-token-compactor, the compactor's own choices", () => {
  it("summarizes all but the latest two events into a compacted event, sent first, and keeps those two as they were", async () => {
    const model = spyModel("- the user set a constraint");
    const result = await compactor.compact!(turns, {}, { unit: "chars", limit: 60 }, model);

    expect(model.asked).toEqual([["s0", "s1"]]);
    const [summary, ...kept] = result.spans;
    expect(kept).toEqual(turns.spans.slice(2));
    kept.forEach((each, at) => expect(each).toBe(turns.spans[2 + at]));
    expect(summary).toMatchObject({ span_id: "s0~summary", kind: "summary", text: "- the user set a constraint", tags: [] });
  });

  it("leaves a session under its threshold alone", async () => {
    const model = spyModel("unused");
    expect((await compactor.compact!(turns, {}, { unit: "chars", limit: 400 }, model)).spans).toEqual(turns.spans);
    expect(model.asked).toEqual([]);
  });

  it("never compacts the two events it retains, whatever their size, so the session can stay over the budget", async () => {
    const long = window(span("s0", "x".repeat(400)), span("s1", "y".repeat(400)));
    const result = await compactor.compact!(long, {}, { unit: "chars", limit: 16 }, spyModel("unused"));

    expect(result.spans).toEqual(long.spans);
  });

  it("keeps a retained tool result's call with it, moving the summarized part back", async () => {
    const call = span("call", "read_schema(users)");
    const dump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { depends_on: ["call"] });
    const model = spyModel("- asked for the schema");
    const after = span("s3", "now add the column");
    // The latest two events are the result and the turn after it: the call comes along.
    const result = await compactor.compact!(window(span("s0", "x".repeat(80)), call, dump, after), {}, { unit: "chars", limit: 16 }, model);

    expect(model.asked).toEqual([["s0"]]);
    expect(result.spans.slice(1)).toEqual([call, dump, after]);
  });

  it("asks its LLM about the events whose text its summarizer's prompt holds: a tool result it compacts goes unread", async () => {
    const call = span("call", "read_schema(users)");
    const dump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { depends_on: ["call"] });
    const model = spyModel("- read the schema");
    const later = [span("s3", "x".repeat(40)), span("s4", "now add the column")];
    const result = await compactor.compact!(window(call, dump, ...later), {}, { unit: "chars", limit: 16 }, model);

    expect(model.asked).toEqual([["call"]]);
    // The compacted event stands for both: the result's text was never in the prompt (model-saw-sources).
    expect(result.spans[0]).toMatchObject({ kind: "summary", provenance: [{ span_id: "call" }, { span_id: "dump" }] });
    expect(result.spans.slice(1)).toEqual(later);
  });

  it("refuses an empty summary with a plain Error, and a failing model with its own error: the session is left as it was", async () => {
    const empty = await compactor.compact!(turns, {}, { unit: "chars", limit: 60 }, spyModel("")).catch((error: unknown) => error);
    expect((empty as Error).message).toBe("LLM failed to return a valid summary.");

    const failing: Model = { summarize: () => Promise.reject(new ModelFailure("error", "the model broke")), choose: async () => [] };
    expect(await compactor.compact!(turns, {}, { unit: "chars", limit: 60 }, failing).catch((error: unknown) => error)).toBeInstanceOf(ModelFailure);
  });

  it("shows its summarizer's LLM the events' text parts only: a tool result is summarized unseen", async () => {
    const call = span("call", "read_schema(users)");
    const dump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { depends_on: ["call"] });
    const { messages: events } = messagesOf([call, dump], toAdkEvent);
    let prompt = "";
    const llm = {
      model: "recording",
      async *generateContentAsync(request: LlmRequest) {
        prompt = request.contents.map((content) => (content.parts ?? []).map((part) => part.text ?? "").join("")).join("\n");
        yield { content: { role: "model", parts: [{ text: "- read the schema" }] } };
      },
    } as unknown as BaseLlm;
    await new LlmSummarizer({ llm }).summarize(events);

    expect(prompt).toContain("read_schema(users)");
    expect(prompt).not.toContain("VARCHAR(255)");
  });
});
