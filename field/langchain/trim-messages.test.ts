import { describe, expect, it } from "vitest";
import type { Span, Window } from "../../src/wire/window.ts";
import langchainFirst from "./langchain-trim-messages-first.ts";
import langchainLast from "./langchain-trim-messages.ts";

const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const ids = (result: Window) => result.spans.map((kept) => kept.span_id);

// The matrix's shrunk counterexamples, as plain calls: the library's own choice, with nothing generated around it.
describe("what trimMessages does, by hand", () => {
  const schemaCall = span("call", "read_schema(users)");
  const schemaDump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], depends_on: ["call"] });
  const answer = span("answer", "ok", { role: "assistant" } as Partial<Span>);
  const transcript = window(schemaCall, schemaDump, answer);

  it("trimMessages last, starting on a user turn as its docs advise, keeps no tool result without its call", async () => {
    const question = span("q", "what is the schema?");
    const result = await langchainLast.compact!(window(schemaCall, schemaDump, question, answer), {}, { unit: "chars", limit: 44 });
    expect(ids(result)).toEqual(["q", "answer"]);
    expect(result.spans[0]).toBe(question);
  });

  it("trimMessages last keeps nothing when what fits holds no user turn, even a history that fits whole", async () => {
    expect(ids(await langchainLast.compact!(transcript, {}, { unit: "chars", limit: 44 }))).toEqual([]);
    expect(ids(await langchainLast.compact!(transcript, {}, { unit: "chars", limit: 1000 }))).toEqual([]);
  });

  it("trimMessages first keeps a prefix, so results never lose their calls, but the constraint still goes", async () => {
    expect(ids(await langchainFirst.compact!(transcript, {}, { unit: "chars", limit: 44 }))).toEqual(["call"]);
  });

  it("both trimMessages strategies drop a precondition span to meet the budget, keeping no pointer", async () => {
    const lone = window(span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["invariant"] }));
    expect(ids(await langchainLast.compact!(lone, {}, { unit: "tokens", limit: 0 }))).toEqual([]);
    expect(ids(await langchainFirst.compact!(lone, {}, { unit: "tokens", limit: 0 }))).toEqual([]);
  });

  it("prune removes exactly the named messages, through filterMessages", async () => {
    expect(ids(await langchainLast.prune(transcript, ["call"]))).toEqual(["dump", "answer"]);
  });
});
