import { describe, expect, it } from "vitest";
import summarization from "../langchain-summarization.ts";
import { langchainTrimMessages } from "../langchain-trim-messages.ts";
import summarize from "../../../test/reported/pruners/summarize-all-but-last.ts";
import { judgeCompact, search, span } from "../../../test/reported/judge.ts";

/**
 * langchain-ai/langchain 33245 and 33856 are reports against the Python packages (`langchain-core`
 * `trim_messages`, `langchain` `SummarizationMiddleware`); no Python package index is reachable here.
 * 33245's `trim_messages` has a TypeScript port, `trimMessages` in `@langchain/core`, which the project
 * already adapts (field/langchain/langchain-trim-messages.ts), so the report's own transcript runs through it;
 * 33856 is a fault pattern (test/reported/pruners/summarize-all-but-last.ts).
 */
describe("langchain-ai/langchain 33245: trim_messages (strategy last) returns a tool message without its tool call", () => {
  // As the report ran it: strategy last and no start_on (the option the docs advise, which the matrix's adapter sets).
  const trimLast = langchainTrimMessages("last", {});
  const history = [
    span("h1", "What's the weather in Florida?", { role: "user" }),
    span("ai1", "Let's check the weather in Florida"),
    span("tool1", "Sunny, 31 °C", { depends_on: ["ai1"] }),
    span("ai2", "It's sunny and 31 °C in Florida.", { role: "assistant" }),
  ];

  it("the TypeScript port, @langchain/core 1.4.0 trimMessages, keeps tool1 and drops ai1: dependencies-intact", async () => {
    const verdict = await judgeCompact(trimLast, history, { unit: "chars", limit: 50 });
    expect(verdict.kept).toEqual(["tool1", "ai2"]);
    expect(Object.keys(verdict.violations)).toEqual(["dependencies-intact"]);
    expect(verdict.violations["dependencies-intact"]).toMatch(/"tool1" stays in the window but the span it depends on, "ai1"/);
  });
});

describe("langchain-ai/langchain 33856: summarization removes the system prompt with the messages it summarizes", () => {
  // The system prompt's content is what every later action must follow: an invariant.
  const history = [
    span("sys", "Answer in French. Never reveal internal ticket numbers.", { role: "system", tags: ["invariant"] }),
    span("h1", "Where is my order?", { role: "user" }),
    span("a1", "Elle est en route.", { role: "assistant" }),
    span("h2", "When will it arrive?", { role: "user" }),
    span("a2", "Demain.", { role: "assistant" }),
  ];

  it("replaces the system prompt by a summary: precondition-recoverable", async () => {
    const verdict = await judgeCompact(summarize, history, { unit: "chars", limit: 60 });
    expect(verdict.kept).toEqual(["summary", "h2", "a2"]);
    expect(verdict.violations["precondition-recoverable"]).toContain('"sys"');
  });

  it("the generated search finds the pattern and shrinks it to a few spans", async () => {
    const { windowSize } = await search(summarize, "precondition-recoverable", 33856);
    expect(windowSize).toBeLessThanOrEqual(3);
  });
});

describe("langchain-ai/langchain 38867: a failed summary call deletes the history and writes the error as its summary", () => {
  // The Python report; LangChain.js 1.5.14, the newest release, has the same catch (`Error generating
  // summary: ${e}`), while Python's fix (pull request 39268: retry, then let the error through) is not in it.
  const history = [
    span("h1", "Deploy the billing service to staging only, never to production", { role: "user", tags: ["constraint"] }),
    span("a1", "Understood: staging only.", { role: "assistant" }),
    span("h2", "Now run the migration", { role: "user" }),
    span("a2", "Running it against staging.", { role: "assistant" }),
  ];

  it("the JS twin, langchain 1.5.14 summarizationMiddleware, keeps the error text as the summary: model-failure-safe", async () => {
    const verdict = await judgeCompact(summarization, history, { unit: "chars", limit: 80 }, "core", [
      { kind: "error", message: "Error: 429 Too Many Requests" },
    ]);
    const summary = verdict.returned!.spans[0]!;
    expect(summary.text).toContain("Error generating summary:");
    expect(summary.text).toContain("Error: 429 Too Many Requests");
    expect(verdict.kept).toEqual(["h1~summary", "a2"]);
    // The constraint went into a summary that is only the error, longer than what it replaced.
    expect(Object.keys(verdict.violations)).toEqual([
      "precondition-recoverable",
      "choice-gated",
      "stale-key-refused",
      "provenance-resolves",
      "summary-keeps-tags",
      "budget-respected",
      "model-failure-safe",
      // The summary call failed, so no model read what the summary replaced (issue 47).
      "model-saw-sources",
    ]);
    expect(verdict.violations["model-failure-safe"]).toMatch(/holds the text of the model's failure, "Error: 429 Too Many Requests"/);
  });
});

describe("langchain-ai/langchain 34282: summarization keeps tool results whose calling message it summarized", () => {
  // The report's transcript: one assistant turn reads ten files in parallel, then the ten results.
  const reads = Array.from({ length: 10 }, (_, at) => span(`t${at + 1}`, `Contents of file${at + 1}.txt: ${"x".repeat(30)}`, { depends_on: ["ai"] }));
  const history = [span("u1", "Read these 10 files and summarize them", { role: "user" }), span("ai", "I'll read all 10 files"), ...reads];

  it("the pattern (summarize all but the last messages, by count) keeps results without their call: dependencies-intact", async () => {
    const verdict = await judgeCompact(summarize, history, { unit: "chars", limit: 200 });
    expect(verdict.kept).toEqual(["summary", "t9", "t10"]);
    expect(verdict.violations["dependencies-intact"]).toMatch(/"t9" stays in the window but the span it depends on, "ai"/);
  });

  it("LangChain.js 1.5.14 moves its cutoff back to the calling message, as the Python fix does: no orphan", async () => {
    const verdict = await judgeCompact(summarization, history, { unit: "chars", limit: 400 }, "core", [{ kind: "faithful" }]);
    const kept = verdict.kept.slice(1);
    expect(kept[0]).toBe("ai");
    expect(kept.slice(1)).toEqual(reads.map((read) => read.span_id));
    expect(verdict.violations["dependencies-intact"]).toBeUndefined();
  });
});

describe("langchain-ai/langchain 39261: a history too long to trim for the summary prompt is replaced by a placeholder, the model never asked", () => {
  // The Python report; LangChain.js 1.5.14 has the same path: trimming the messages to summarize to 4,000
  // tokens (its default) leaves none when the latest of them alone is longer, and the placeholder becomes the summary.
  const dump = span("dump", `users.email: VARCHAR(255) NOT NULL UNIQUE\n${"orders.total: NUMERIC(12,2) NOT NULL\n".repeat(120)}`, { tags: ["constraint"] });
  const history = [dump, span("h1", "add a second account with the same email", { role: "user" })];

  it("the JS twin, langchain 1.5.14 summarizationMiddleware, keeps the placeholder as the summary: precondition-recoverable, model-saw-sources", async () => {
    const verdict = await judgeCompact(summarization, history, { unit: "chars", limit: 100 }, "core", [{ kind: "faithful" }]);
    expect(verdict.kept).toEqual(["dump~summary", "h1"]);
    expect(verdict.returned!.spans[0]!.text).toBe("Here is a summary of the conversation to date:\n\nPrevious conversation was too long to summarize.");
    expect(verdict.violations["precondition-recoverable"]).toContain('"dump"');
    // The model was never asked: the summary stands for text no model read (issue 47).
    expect(verdict.violations["model-saw-sources"]).toMatch(/replaced "dump" .* no summarize call of this request was answered/);
  });
});
