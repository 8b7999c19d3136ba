import { describe, expect, it } from "vitest";
import summarizing from "./strands-summarizing.ts";
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/**
 * Strands' SummarizingConversationManager through its adapter, by hand: how much it summarizes, what its
 * model (the harness's) is asked, and what a model failure or a short history does.
 */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const history = (count: number): Window => ({
  spans: Array.from({ length: count }, (_, at) =>
    span(`s${at}`, `turn ${at}: ${"x".repeat(40)}`, at === 0 ? { tags: ["constraint"], externalized_key: "k0" } : {}),
  ),
  derivation_depth: 0,
});

describe("strands-summarizing, the manager's own choices", () => {
  it("summarizes the oldest 30 % and keeps the rest as they were, the summary first", async () => {
    const window = history(14);
    const model = spyModel("- the user set a constraint");
    const result = await summarizing.compact!(window, {}, { unit: "chars", limit: 600 }, model);

    expect(model.asked).toEqual([["s0", "s1", "s2", "s3"]]);
    const [summary, ...kept] = result.spans;
    expect(kept).toEqual(window.spans.slice(4));
    kept.forEach((each, at) => expect(each).toBe(window.spans[4 + at]));
    expect(summary).toMatchObject({ span_id: "s0~summary", kind: "summary", text: "- the user set a constraint", tags: [], derivation_depth: 1 });
    expect(summary?.provenance?.map((entry) => entry.externalized_key)).toEqual(["k0", "no-copy:s1", "no-copy:s2", "no-copy:s3"]);
  });

  it("cannot reduce a history of 10 messages or fewer, so the agent's context overflow error is the answer", async () => {
    const model = spyModel("unused");
    const refusal = await summarizing.compact!(history(10), {}, { unit: "chars", limit: 10 }, model).catch((error: unknown) => error);

    expect((refusal as Error).name).toBe("ContextWindowOverflowError");
    expect(model.asked).toEqual([]);
  });

  it("keeps an empty summary: the model answers nothing, and the oldest messages are replaced by a summary with no text (model-failure-safe)", async () => {
    // Pinned here as well as in the matrix, whose seed may or may not draw an empty answer for the summary call.
    const window = history(14);
    const result = await summarizing.compact!(window, {}, { unit: "chars", limit: 600 }, spyModel(""));

    const [summary, ...kept] = result.spans;
    expect(summary).toMatchObject({ span_id: "s0~summary", kind: "summary", text: "" });
    expect(kept).toEqual(window.spans.slice(4));
  });

  it("fails loudly when its model fails: the error is thrown, not written into the history", async () => {
    const failing: Model = { summarize: () => Promise.reject(new ModelFailure("error", "the model broke")), choose: async () => [] };
    const refusal = await summarizing.compact!(history(14), {}, { unit: "chars", limit: 600 }, failing).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ModelFailure);
  });
});
