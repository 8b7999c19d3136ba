import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Span, Store } from "../wire/window.ts";
import { hasExactCopy, noCopyReason, type Fact, type Truth } from "./truth.ts";

const fact = (span_id: string, text: string): [string, Fact] => [span_id, { span_id, text, tags: [], lost: false }];

describe("noCopyReason: why a span has no exact copy, in words", () => {
  it("is null exactly when hasExactCopy holds, for any span, store and truth", () => {
    const text = fc.constantFrom("a", "a ", "b", "");
    const key = fc.constantFrom(null, "k1", "k2", "k3");
    const span = fc.record({
      span_id: fc.constantFrom("s1", "s2"),
      text,
      tags: fc.constant<string[]>([]),
      externalized_key: key,
      kind: fc.constantFrom("original" as const, "pointer" as const, "summary" as const),
      provenance: fc.array(fc.record({ span_id: fc.constantFrom("s1", "s2", "s3"), externalized_key: fc.constantFrom("k1", "k2", "k3") }), { maxLength: 2 }),
    });
    const store = fc.dictionary(fc.constantFrom("k1", "k2", "k3"), text);
    const truth = fc.array(fc.tuple(fc.constantFrom("s1", "s2", "s3"), text), { maxLength: 3 }).map((facts) => new Map(facts.map(([id, t]) => fact(id, t))));
    fc.assert(
      fc.property(span, store, truth, (each: Span, held: Store, known: Truth) => {
        expect(noCopyReason(each, known, held) === null).toBe(hasExactCopy(each, known, held));
      }),
      { numRuns: 2000, seed: 46 },
    );
  });

  it("names a summary's lost source key, not its own key, when its own key holds exactly its text (issue 46: it was called stale)", () => {
    const summary: Span = {
      span_id: "sum",
      kind: "summary",
      text: "schema: 2 columns",
      tags: [],
      externalized_key: "k4",
      provenance: [{ span_id: "s2", externalized_key: "k2" }],
    };
    const truth = new Map([fact("sum", "schema: 2 columns"), fact("s2", "users.email: VARCHAR(255)")]);
    expect(noCopyReason(summary, truth, { k4: "schema: 2 columns" })).toBe(
      'its key "k4" holds exactly its text, but its provenance names key "k2" for "s2", which is not in the store: a summary counts as externalized only while its sources resolve',
    );
  });

  it("shows a stale copy where it parts from the span's text", () => {
    const span: Span = { span_id: "s1", text: "users.email: VARCHAR(255)", tags: [], externalized_key: "k1" };
    expect(noCopyReason(span, new Map([fact("s1", span.text)]), { k1: "users.email: VARCHAR(255) " })).toBe(
      'its key "k1" holds different text in the store (stale): the first 25 characters alike, then (the end) where the store has " "',
    );
  });
});
