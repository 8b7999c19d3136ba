import { describe, expect, it } from "vitest";
import summarization from "./voltagent-summarization.ts";
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/**
 * VoltAgent's agent summarization through its adapter, by hand: what it summarizes and keeps, what its
 * summary model (the harness's) is asked and shown, and what an empty answer or a failing model does.
 */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const turns = (count: number, from = 0) => Array.from({ length: count }, (_, at) => span(`s${from + at}`, `turn ${from + at}: ${"x".repeat(40)}`));
const budget = { unit: "chars", limit: 200 } as const;

describe("voltagent-summarization, the agent's own choices", () => {
  it("summarizes all but the latest 6 messages into a system message sent first, and keeps those 6 as they were", async () => {
    const history = window(span("s0", "users.email is UNIQUE", { tags: ["constraint"], externalized_key: "k0" }), ...turns(8, 1));
    const model = spyModel("- the user set a constraint");
    const result = await summarization.compact!(history, {}, budget, model);

    expect(model.asked).toEqual([["s0", "s1", "s2"]]);
    const [summary, ...kept] = result.spans;
    expect(kept).toEqual(history.spans.slice(3));
    kept.forEach((each, at) => expect(each).toBe(history.spans[3 + at]));
    expect(summary).toMatchObject({
      span_id: "s0~summary",
      kind: "summary",
      text: "<agent_summary>\n- the user set a constraint\n</agent_summary>",
      derivation_depth: 1,
    });
    expect(summary?.provenance?.map((entry) => entry.externalized_key)).toEqual(["k0", "no-copy:s1", "no-copy:s2"]);
  });

  it("leaves a history under its trigger alone, and one of 6 messages or fewer whatever its size", async () => {
    const model = spyModel("unused");
    const short = window(...turns(9));
    expect((await summarization.compact!(short, {}, { unit: "chars", limit: 4000 }, model)).spans).toEqual(short.spans);
    const few = window(...turns(6));
    expect((await summarization.compact!(few, {}, { unit: "chars", limit: 8 }, model)).spans).toEqual(few.spans);
    expect(model.asked).toEqual([]);
  });

  it("sends a history's system turns first, before its summary, wherever they were", async () => {
    const system = span("rules", "never bill test rows", { role: "system" } as Partial<Span>);
    const history = window(...turns(4), system, ...turns(6, 4));
    const result = await summarization.compact!(history, {}, budget, spyModel("- four turns"));

    expect(result.spans[0]).toBe(system);
    expect(result.spans[1]).toMatchObject({ kind: "summary", provenance: turns(4).map(({ span_id }) => ({ span_id })) });
    expect(result.spans.slice(2)).toEqual(turns(6, 4));
  });

  it("asks its summary model about the messages whose text its prompt holds: a tool's output it summarizes goes unread", async () => {
    const call = span("call", "read_schema(users)");
    const dump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { depends_on: ["call"] });
    const model = spyModel("- read the schema");
    const later = turns(6);
    const result = await summarization.compact!(window(call, dump, ...later), {}, budget, model);

    expect(model.asked).toEqual([["call"]]);
    // The summary stands for both: the output's text was never in the prompt (model-saw-sources).
    expect(result.spans[0]).toMatchObject({ kind: "summary", provenance: [{ span_id: "call" }, { span_id: "dump" }] });
    expect(result.spans.slice(1)).toEqual(later);
  });

  it("leaves out a message of white space only, summarized or not, and counts only the others among the latest 6 it keeps", async () => {
    const blank = span("blank", " \n");
    const history = window(...turns(2), blank, ...turns(6, 2));
    const model = spyModel("- two turns");
    const result = await summarization.compact!(history, {}, budget, model);

    expect(model.asked).toEqual([["s0", "s1"]]);
    expect(result.spans.slice(1)).toEqual(turns(6, 2));
    expect((await summarization.compact!(window(blank), {}, budget, model)).spans).toEqual([]);
  });

  it("does not send a system message holding its summary marker, which it takes for its own summary sent back", async () => {
    const echoed = span("echo", "<agent_summary>\n- an old summary\n</agent_summary>", { role: "system" } as Partial<Span>);
    const history = window(echoed, ...turns(3));
    expect((await summarization.compact!(history, {}, budget, spyModel("unused"))).spans).toEqual(turns(3));
  });

  it("sends the history as it was when its model answers nothing or fails: no summary, nothing thrown", async () => {
    const history = window(...turns(9));
    expect((await summarization.compact!(history, {}, budget, spyModel(""))).spans).toEqual(history.spans);

    const failing: Model = { summarize: () => Promise.reject(new ModelFailure("error", "the model broke")), choose: async () => [] };
    expect((await summarization.compact!(history, {}, budget, failing)).spans).toEqual(history.spans);
  });
});
