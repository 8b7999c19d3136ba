import { describe, expect, it } from "vitest";
import summarization from "./deepagents-summarization.ts";
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/**
 * Deep Agents' summarization middleware through its adapter, by hand: what it writes to its history file
 * and asks its model (the harness's), what it keeps, and what an overflow or a model failure does.
 */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const turns = window(
  span("s0", `users.email: VARCHAR(255) NOT NULL UNIQUE ${"x".repeat(400)}`, { tags: ["constraint"], externalized_key: "k0" }),
  span("s1", `turn 1 ${"y".repeat(400)}`),
  span("s2", `turn 2 ${"z".repeat(200)}`),
);

describe("deepagents-summarization, the middleware's own choices", () => {
  it("summarizes the oldest messages into a summary that names its history file, and keeps the latest half as they were", async () => {
    const model = spyModel("- the user set a constraint");
    const result = await summarization.compact!(turns, {}, { unit: "tokens", limit: 200 }, model);

    expect(model.asked).toEqual([["s0", "s1"]]);
    const [summary, ...kept] = result.spans;
    expect(kept).toEqual([turns.spans[2]]);
    expect(kept[0]).toBe(turns.spans[2]);
    expect(summary).toMatchObject({ span_id: "s0~summary", kind: "summary", tags: [] });
    expect(summary?.text).toContain("saved to /conversation_history/prunecheck.md");
    expect(summary?.text).toContain("<summary>\n- the user set a constraint\n</summary>");
    // It kept a copy, but in its own file, as one transcript: on the wire, no key the runtime resolves.
    expect(summary?.provenance?.map((entry) => entry.externalized_key)).toEqual(["k0", "no-copy:s1"]);
  });

  it("leaves a history that fits alone, without asking its model", async () => {
    const model = spyModel("unused");
    const result = await summarization.compact!(turns, {}, { unit: "chars", limit: 1200 }, model);

    expect(result.spans).toEqual(turns.spans);
    expect(model.asked).toEqual([]);
  });

  it("summarizes everything when its summary and what it kept overflow the model", async () => {
    const model = spyModel("- the user set a constraint");
    const result = await summarization.compact!(turns, {}, { unit: "chars", limit: 420 }, model);

    expect(model.asked).toEqual([
      ["s0", "s1"],
      ["s0", "s1", "s2"],
    ]);
    expect(result.spans.map((each) => each.provenance?.map((entry) => entry.span_id))).toEqual([["s0", "s1", "s2"]]);
  });

  it("fails with the model's context overflow when even a summary of everything does not fit", async () => {
    const model = spyModel("- the user set a constraint");
    const refusal = await summarization.compact!(turns, {}, { unit: "chars", limit: 16 }, model).catch((error: unknown) => error);

    expect((refusal as Error).name).toBe("ContextOverflowError");
    expect(model.asked).toHaveLength(2);
  });

  it("cuts a tool result it cannot fit in place, under the same id, rather than dropping its call", async () => {
    const call = span("call", "read_schema(users)");
    const dump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE\n".repeat(200), { tags: ["constraint"], depends_on: ["call"] });
    const result = await summarization.compact!(window(call, dump), {}, { unit: "tokens", limit: 1500 }, spyModel("unused"));

    expect(result.spans.map((each) => each.span_id)).toEqual(["call", "dump"]);
    expect(result.spans[1]?.text).toMatch(/\n\.\.\.\(result truncated\)$/);
    expect(result.spans[1]?.text.length).toBeLessThan(dump.text.length);
  });

  it("rethrows a model failure: the history is left as it was, and no error text becomes a summary", async () => {
    const failing: Model = { summarize: () => Promise.reject(new ModelFailure("error", "the model broke")), choose: async () => [] };
    const refusal = await summarization.compact!(turns, {}, { unit: "tokens", limit: 200 }, failing).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ModelFailure);
  });
});
