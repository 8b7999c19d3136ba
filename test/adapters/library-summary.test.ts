import { describe, expect, it } from "vitest";
import { shownIn } from "../../adapters/library-summary.ts";
import type { Span } from "../../src/wire/window.ts";

const span = (span_id: string, text: string): Span => ({ span_id, text, tags: [], externalized_key: null });

// What an adapter asks the harness's model about: the spans the library's own prompt held ([p-model-shown]).
describe("shownIn: the spans a library's prompt to its model held", () => {
  it("keeps the spans whose text the prompt holds, in their order, and leaves out the others", () => {
    const call = span("call", "read_schema(users)");
    const result = span("result", "users.email: VARCHAR(255) NOT NULL UNIQUE");
    const prompt = "Summarize the conversation.\n[Event 1 - Author: agent]\nread_schema(users)\n\n[Event 2 - Author: agent]\n\n";
    expect(shownIn(prompt, [call, result]).map((each) => each.span_id)).toEqual(["call"]);
  });

  it("counts a span with no text as shown: there was nothing to leave out", () => {
    expect(shownIn("anything", [span("empty", ""), span("blank", " \n")]).map((each) => each.span_id)).toEqual(["empty", "blank"]);
  });

  it("counts a span as shown whose text the prompt holds but for white space at its ends, and not one with a word missing", () => {
    const prompt = "New conversation messages:\nUSER: users.email is UNIQUE";
    expect(
      shownIn(prompt, [span("padded", " users.email is UNIQUE\n"), span("longer", "users.email is UNIQUE, and NOT NULL")]).map((each) => each.span_id),
    ).toEqual(["padded"]);
  });
});
