import { describe, expect, it } from "vitest";
import summarization from "./langchain-summarization.ts";
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/**
 * LangChain's summarizationMiddleware through its adapter, by hand: what the library replaces and keeps,
 * what its model (the harness's) is asked, and what becomes of a model that fails.
 */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const constraint = span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], externalized_key: "k1" });
const chatter = span("s2", "let me look at the schema first, then write the migration");
const latest = span("s3", "now add the index");
const transcript: Window = { spans: [constraint, chatter, latest], derivation_depth: 0 };

const compact = (model: Model, limit: number) => summarization.compact!(transcript, { k1: constraint.text }, { unit: "chars", limit }, model);

describe("langchain-summarization, the middleware's own choices", () => {
  it("leaves a history within the trigger alone and never asks its model", async () => {
    const model = spyModel("unused");
    const result = await compact(model, 1000);

    expect(result.spans).toEqual(transcript.spans);
    expect(model.asked).toEqual([]);
  });

  it("asks its model once, for exactly the messages it replaces, and keeps the latest as they were", async () => {
    const model = spyModel("the user wants an index on users.email");
    const result = await compact(model, 40);

    expect(model.asked).toEqual([["s1", "s2"]]);
    const [summary, ...kept] = result.spans;
    expect(kept).toEqual([latest]);
    expect(kept[0]).toBe(latest);
    expect(summary).toMatchObject({ span_id: "s1~summary", kind: "summary", tags: [], externalized_key: null, derivation_depth: 1 });
    expect(summary?.text).toBe("Here is a summary of the conversation to date:\n\nthe user wants an index on users.email");
    // The constraint, tagged, is paraphrased into the summary and loses its tag: what choice-gated and summary-keeps-tags find.
    expect(summary?.provenance).toEqual([
      { span_id: "s1", externalized_key: "k1" },
      { span_id: "s2", externalized_key: "no-copy:s2" },
    ]);
  });

  it("makes a failed model's error its summary, and succeeds (the JS twin of langchain#38867)", async () => {
    const failing: Model = {
      summarize: () => Promise.reject(new ModelFailure("timeout", "the model did not answer")),
      choose: async () => [],
    };
    const result = await compact(failing, 40);

    expect(result.spans[0]?.text).toMatch(/^Here is a summary of the conversation to date:\n\nError generating summary: .*the model did not answer/);
    expect(result.spans.map((each) => each.span_id)).toEqual(["s1~summary", "s3"]);
  });
});
