import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PARAPHRASES, paraphrase } from "./paraphrase.ts";

describe("paraphrase: how a model's summary of a precondition span goes wrong", () => {
  it.each([
    ["drop-negation", "users.email: VARCHAR(255) NOT NULL UNIQUE", "users.email: VARCHAR(255) NULL UNIQUE"],
    ["drop-negation", "verified against production, not staging", "verified against production, staging"],
    ["drop-negation", "tried `ALTER TABLE … TYPE int`; failed because rows exceed 2^31", "tried `ALTER TABLE … TYPE int`"],
    ["change-number", "users.email: VARCHAR(255) NOT NULL UNIQUE", "users.email: VARCHAR(256) NOT NULL UNIQUE"],
    ["change-number", "postgres 15.4 on linux/amd64", "postgres 16.4 on linux/amd64"],
    ["drop-scope", "verified against production, not staging", "verified against production"],
    ["drop-scope", "as of commit abc123", ""],
    ["drop-scope", "postgres 15.4 on linux/amd64", "postgres 15.4"],
    ["generalize-constraint", "users.email: VARCHAR(255) NOT NULL UNIQUE", "users.email: a value"],
    ["generalize-constraint", "orders.total_cents: BIGINT CHECK (total_cents >= 0)", "orders.total_cents: a value"],
    ["generalize-constraint", "tried `ALTER TABLE … TYPE int`; failed because rows exceed 2^31", "tried `ALTER TABLE … TYPE int`; did not work"],
    ["generalize-constraint", "as of commit abc123", "schema constraints verified"],
    ["change-case", "as of commit abc123", "AS OF COMMIT ABC123"],
    ["change-whitespace", "  leading and trailing  ", "leading and trailing"],
  ] as const)("%s turns %j into %j", (change, text, expected) => {
    expect(paraphrase(text, change)).toBe(expected);
  });

  it("never gives back the text it was given, whatever the text and the change", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.constantFrom(...PARAPHRASES), (text, change) => {
        expect(paraphrase(text, change)).not.toBe(text);
      }),
      { numRuns: 2000, seed: 35 },
    );
    for (const change of PARAPHRASES)
      for (const text of ["", " ", "schema constraints verified", "123", ";", "x"]) expect(paraphrase(text, change)).not.toBe(text);
  });
});
