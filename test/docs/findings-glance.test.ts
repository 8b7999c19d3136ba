import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Matrix } from "../../src/matrix/data.ts";
import { ROOT } from "../cli/helpers.ts";

/**
 * docs/findings.md's "field at a glance" counts each library's own violations: its compact-only twin's column
 * of the committed matrix. The counts went stale once (4 and 7 where the matrix had 5 and 6): read back here.
 */
const TWINS: Record<string, readonly string[]> = {
  "LangChain `trimMessages`": ["langchain-trim-messages-last-compact-only", "langchain-trim-messages-first-compact-only"],
  "AI SDK `pruneMessages`": ["vercel-prune-messages-compact-only"],
  "LangChain `summarizationMiddleware`": ["langchain-summarization-compact-only"],
  "Strands `SummarizingConversationManager`": ["strands-summarizing-compact-only"],
  "LlamaIndex `ChatSummaryMemoryBuffer`": ["llamaindex-chat-summary-compact-only"],
  "Deep Agents `createSummarizationMiddleware`": ["deepagents-summarization-compact-only"],
  "OpenAI Agents `OpenAIResponsesCompactionSession`": ["openai-responses-compaction-compact-only"],
  "Google ADK `TokenBasedContextCompactor`": ["adk-token-compactor-compact-only"],
  "BeeAI Framework `TokenMemory`": ["beeai-token-memory-compact-only"],
  "Mastra `TokenLimiter`": ["mastra-token-limiter-compact-only"],
  "Teams AI `ConversationHistory`": ["teams-ai-conversation-history-compact-only"],
  "VoltAgent `Agent` summarization": ["voltagent-summarization-compact-only"],
};

describe("docs/findings.md, the field at a glance", () => {
  const findings = readFileSync(join(ROOT, "docs", "findings.md"), "utf8");
  const matrix = Matrix.parse(JSON.parse(readFileSync(join(ROOT, "docs", "matrix", "matrix.json"), "utf8")));
  const rows = (findings.split("## The field at a glance")[1]?.split("\n## ")[0] ?? "")
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| library") && !line.startsWith("| ---"));

  it("has a row for each library the matrix runs, and no other", () => {
    expect(rows.map((row) => Object.keys(TWINS).find((name) => row.startsWith(`| ${name} `)))).toEqual(Object.keys(TWINS));
  });

  for (const [name, twins] of Object.entries(TWINS)) {
    it(`counts ${name}'s violations as its compact-only column has them`, () => {
      const row = rows.find((each) => each.startsWith(`| ${name} `)) ?? "";
      const stated = [...(row.split(" | ")[2] ?? "").matchAll(/\d+/g)].map((match) => Number(match[0]));
      const counted = twins.map(
        (twin) => Object.values(matrix.columns.find((column) => column.implementation === twin)?.cells ?? {}).filter((cell) => cell.status === "failed").length,
      );
      expect(stated).toEqual(counted);
    });
  }
});
