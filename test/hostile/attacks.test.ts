import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROOT } from "../cli/helpers.ts";

/**
 * The attacks of a hostile round, as a table of cases (issue 45: "the attack list goes into test/hostile as
 * cases"): each row names what was tried, what now holds, and the test that tries it again. A row whose test
 * is renamed or removed fails here, so no attack drops out of the suite unnoticed.
 */
const Attacks = z.strictObject({
  issue: z.number(),
  about: z.string(),
  attacks: z.array(z.strictObject({ attack: z.string().min(1), held: z.string().min(1), test: z.string().min(1), title: z.string().min(1) })).min(1),
});

const table = Attacks.parse(JSON.parse(readFileSync(join(import.meta.dirname, "issue-45-attacks.json"), "utf8")));

describe(`the attacks of issue ${table.issue}, each held by a test`, () => {
  it.for(table.attacks)("$attack", ({ test, title }) => {
    expect(readFileSync(join(ROOT, test), "utf8")).toContain(title);
  });
});
