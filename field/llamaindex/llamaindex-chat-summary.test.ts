import { describe, expect, it } from "vitest";
import chatSummary from "./llamaindex-chat-summary.ts";
import type { Model } from "../../src/llm/model.ts";
import { spyModel } from "../../test/adapters/spy-model.ts";
import type { Span, Window } from "../../src/wire/window.ts";

/** LlamaIndex's ChatSummaryMemoryBuffer through its adapter, by hand: what it summarizes, sends and makes up. */
const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });

describe("llamaindex-chat-summary, the buffer's own choices", () => {
  it("summarizes the conversation, system messages first, the summary next, and still sends the latest user message", async () => {
    // A long system prompt: the request (system + conversation) is over the limit while the summary's prompt (the conversation) fits.
    const system = span("sys", "you are a careful database engineer. ".repeat(6), { role: "system" } as Partial<Span>);
    const constraint = span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], externalized_key: "k1" });
    const latest = span("s2", "add the index");
    const window: Window = { spans: [constraint, system, latest], derivation_depth: 0 };
    const model = spyModel("a schema was shown");
    // Its prompt, the template it ships (141 characters) around the conversation, fits 210.
    const result = await chatSummary.compact!(window, {}, { unit: "chars", limit: 210 }, model);

    expect(model.asked).toEqual([["s1", "s2"]]);
    expect(result.spans.map((each) => each.span_id)).toEqual(["sys", "s1~summary", "s2"]);
    expect(result.spans[0]).toBe(system);
    expect(result.spans[1]).toMatchObject({
      kind: "summary",
      text: "Summary of the conversation so far: a schema was shown",
      provenance: [{ span_id: "s1", externalized_key: "k1" }],
    });
  });

  it("drops the oldest messages from its summary's prompt until the prompt fits: its summary stands for them unread", async () => {
    const constraint = span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE. ".repeat(4), { tags: ["constraint"], externalized_key: "k1" });
    const latest = span("s2", "add the index");
    const model = spyModel("an index was asked for");
    const result = await chatSummary.compact!({ spans: [constraint, latest], derivation_depth: 0 }, {}, { unit: "chars", limit: 175 }, model);

    // Its prompt held the latest message only, which it still sends after the summary.
    expect(model.asked).toEqual([["s2"]]);
    // The summary is sent as the conversation so far: it stands for s1, which no model read (model-saw-sources).
    expect(result.spans).toEqual([
      {
        span_id: "s1~summary",
        kind: "summary",
        text: "Summary of the conversation so far: an index was asked for",
        tags: [],
        externalized_key: null,
        provenance: [{ span_id: "s1", externalized_key: "k1" }],
        derivation_depth: 1,
      },
      latest,
    ]);
  });

  it("with one message over its limit, summarizes nothing and sends a made-up message beside it", async () => {
    const lone = span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE. ".repeat(5));
    const model = spyModel("");
    const result = await chatSummary.compact!({ spans: [lone], derivation_depth: 0 }, {}, { unit: "chars", limit: 150 }, model);

    expect(model.asked).toEqual([[]]);
    expect(result.spans).toEqual([{ span_id: "history~summary", text: "", tags: [], externalized_key: null }, lone]);
  });

  it("refuses to summarize under a limit its template alone is over, where its fitting loop would never end", async () => {
    const window = { spans: [span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE")], derivation_depth: 0 };
    const refused = await chatSummary.compact!(window, {}, { unit: "chars", limit: 30 }, spyModel("")).catch((error: unknown) => error);
    expect((refused as Error).message).toBe(
      "ChatSummaryMemoryBuffer cannot summarize under a limit of 30: its summary prompt's template alone is 141, so its loop that drops the oldest message until the prompt fits would never end",
    );
    // A window within that limit is not summarized, so it is sent as it is.
    expect((await chatSummary.compact!(window, {}, { unit: "chars", limit: 41 }, spyModel(""))).spans).toEqual(window.spans);
  });

  it("cannot be made for a budget of 0: its LLM would have no room to answer", async () => {
    const refused = await chatSummary.compact!({ spans: [span("s1", "x")], derivation_depth: 0 }, {}, { unit: "chars", limit: 0 }, spyModel("")).catch(
      (error: unknown) => error,
    );

    expect((refused as Error).message).toMatch(/^LLM maxTokens is not set/);
  });
});
