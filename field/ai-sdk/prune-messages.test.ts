import { describe, expect, it } from "vitest";
import type { Span, Window } from "../../src/wire/window.ts";
import vercel from "./vercel-prune-messages.ts";

const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });
const window = (...spans: Span[]): Window => ({ spans, derivation_depth: 0 });
const ids = (result: Window) => result.spans.map((kept) => kept.span_id);

// The matrix's shrunk counterexamples, as plain calls: the library's own choice, with nothing generated around it.
describe("what pruneMessages does, by hand", () => {
  const schemaCall = span("call", "read_schema(users)");
  const schemaDump = span("dump", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], depends_on: ["call"] });
  const answer = span("answer", "ok", { role: "assistant" } as Partial<Span>);
  const transcript = window(schemaCall, schemaDump, answer);

  it("pruneMessages drops the tool result (the schema dump) and keeps the calling turn's text", async () => {
    const result = await vercel.compact!(transcript, {}, { unit: "chars", limit: 20 });
    expect(ids(result)).toEqual(["call", "answer"]);
    expect(result.spans[0]).toBe(schemaCall);
  });

  it("pruneMessages prunes only tool traffic: plain text over budget comes back over budget", async () => {
    const plain = window(span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE"));
    expect(ids(await vercel.compact!(plain, {}, { unit: "chars", limit: 0 }))).toEqual(["s1"]);
  });

  it("pruneMessages removes an empty message even when the window already fits", async () => {
    const empty = window(span("s1", "", { tags: ["invariant"] }), span("s2", "x"));
    expect(ids(await vercel.compact!(empty, {}, { unit: "chars", limit: 10 }))).toEqual(["s2"]);
  });

  it("prune removes exactly the named messages (an Array.filter: the SDK has no id-based removal)", async () => {
    expect(ids(await vercel.prune(transcript, ["call"]))).toEqual(["dump", "answer"]);
  });
});
