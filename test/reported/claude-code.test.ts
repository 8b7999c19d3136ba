import { describe, expect, it } from "vitest";
import upToAnchor from "./pruners/summarize-up-to-anchor.ts";
import { judgeCompact, span } from "./judge.ts";

/**
 * anthropics/claude-code 92347, shown as its fault pattern (test/reported/pruners/summarize-up-to-anchor.ts):
 * Claude Code is an application, not a library on npm.
 */
describe('anthropics/claude-code 92347: "Summarize up to here" drops earlier compact summaries after the anchor', () => {
  const session = [
    span("u1", "Set up the repository", { role: "user" }),
    span("a1", "Done: repository initialized.", { role: "assistant" }),
    span("earlier", "Summary: the user chose PostgreSQL 16; SQLite was ruled out (no row locks)", {
      kind: "summary",
      provenance: [{ span_id: "db-choice", externalized_key: "k-db-choice" }],
    }),
    span("u2", "Now add the migrations", { role: "user" }),
    span("a2", "Adding them.", { role: "assistant" }),
  ];

  it("summarizes up to the anchor and drops the earlier summary standing after it: summaries-kept", async () => {
    const verdict = await judgeCompact(upToAnchor, session, { unit: "chars", limit: 100 });
    expect(verdict.kept).toEqual(["u1~summary", "u2", "a2"]);
    expect(verdict.violations["summaries-kept"]).toMatch(/"earlier"/);
  });
});
