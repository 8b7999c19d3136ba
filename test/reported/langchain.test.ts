import { describe, expect, it } from "vitest";
import trimLast from "../../adapters/langchain-trim-messages.ts";
import summarize from "./pruners/summarize-all-but-last.ts";
import { judgeCompact, search, span } from "./judge.ts";

/**
 * langchain-ai/langchain 33245 and 33856 are reports against the Python packages (`langchain-core`
 * `trim_messages`, `langchain` `SummarizationMiddleware`); no Python package index is reachable here.
 * 33245's `trim_messages` has a TypeScript port, `trimMessages` in `@langchain/core`, which the project
 * already adapts (adapters/langchain-trim-messages.ts), so the report's own transcript runs through it;
 * 33856 is a fault pattern (test/reported/pruners/summarize-all-but-last.ts).
 */
describe("langchain-ai/langchain 33245: trim_messages (strategy last) returns a tool message without its tool call", () => {
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
