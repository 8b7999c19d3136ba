import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Matrix } from "../../src/matrix/data.ts";
import { ROOT } from "../cli/helpers.ts";
import { PROPERTIES } from "../../properties/index.ts";

/**
 * The findings of docs/findings.md, pinned: which properties each real library fails at core with seed 1
 * and 200 runs. These pruners are *expected* to fail; a library upgrade that changes what fails should be
 * noticed, read, and written down, not slip by. CI's matrix step runs them and checks the live verdicts
 * against docs/matrix/matrix.json (`--check`); this pins that file to the findings, so neither can drift
 * without the other, and the libraries run once per CI rather than twice.
 */
const REMOVAL_PRUNE = ["precondition-recoverable", "pointer-not-paraphrase", "depth-bound", "dependencies-intact", "safe-prune-succeeds"];
/**
 * trimMessages, keeping a prefix or a suffix: it also drops a summary whose sources the store has lost, the
 * destructive action [s-destructive] refuses (found once the generators lose a summary's source, issue 17).
 */
const TRIM = inCatalogOrder([...REMOVAL_PRUNE, "provenance-resolves"]);
/**
 * pruneMessages over a budget it cannot meet. Given one, run again over its own answer it drops more (no
 * fixed point): seed 1 met that with the generators before 2026-12-06, and no longer does; it is the
 * matrix's story in docs/findings.md all the same.
 */
const VERCEL = ["precondition-recoverable", "pointer-not-paraphrase", "depth-bound", "dependencies-intact", "budget-respected", "safe-prune-succeeds"];
/** What both model-driven summarizers do: summarize preconditions and keyless spans, without tags or a copy, and keep an empty summary. */
const SUMMARIZES_AWAY = [
  "precondition-recoverable",
  "choice-gated",
  "stale-key-refused",
  "depth-bound",
  "provenance-resolves",
  "summary-keeps-tags",
  "dependencies-intact",
  "model-failure-safe",
];
/**
 * summarizationMiddleware: also, its summary plus what it keeps can stand over the budget, so a second pass
 * changes the result again; and its summary stands for messages no model read (the error text of a failed
 * call, or the placeholder it writes without asking: model-saw-sources, issue 47).
 */
const SUMMARIZATION = inCatalogOrder([...SUMMARIZES_AWAY, "budget-respected", "compaction-converges", "model-saw-sources"]);
/**
 * SummarizingConversationManager: also, with 10 messages or fewer it cannot reduce at all, so the agent's
 * ContextWindowOverflowError (loud, untyped) is its answer to a budget the reference meets with pointers.
 * It keeps an empty summary too (field/strands/strands-summarizing.test.ts pins it by hand, whatever a seed draws).
 */
const STRANDS_SUMMARIZING = inCatalogOrder([...SUMMARIZES_AWAY, "loud-refusal"]);
/**
 * ChatSummaryMemoryBuffer: also, it drops the oldest messages from its summary's prompt, and the summary it
 * sends as the conversation so far stands for them unread (model-saw-sources, issue 47), sends a message it
 * made up from an empty prompt beside the one it could not fit (so over budget, and never converging),
 * moves system messages first, and cannot be configured for a budget of 0 at all. A compaction that drops
 * an earlier summary (summaries-kept) is no longer drawn at seed 1 since the model's answers changed.
 */
const CHAT_SUMMARY = inCatalogOrder([
  ...SUMMARIZES_AWAY,
  "pointer-not-paraphrase",
  "budget-respected",
  "compaction-converges",
  "loud-refusal",
  "safe-prune-succeeds",
  "budget-reachable",
  "kept-untouched",
  "model-saw-sources",
]);
/**
 * Deep Agents' summarization middleware: also, it cuts a tool result it cannot fit in place, under the same
 * id, and when even a summary of everything overflows its model, the model's ContextOverflowError is the answer.
 */
const DEEPAGENTS = inCatalogOrder([...SUMMARIZES_AWAY, "loud-refusal", "budget-reachable", "kept-untouched"]);
/**
 * OpenAIResponsesCompactionSession, with the harness as the compaction endpoint: also, the endpoint keeps every
 * user message whole, so a session can stay over any budget, and the SDK rethrows the endpoint's error untyped.
 */
const OPENAI_COMPACTION = inCatalogOrder([...SUMMARIZES_AWAY, "budget-respected", "loud-refusal"]);
/**
 * ADK's TokenBasedContextCompactor with its LlmSummarizer: it refuses an empty summary (with a plain Error),
 * but not one of white space, which it keeps (issue 47's blank answers); its summarizer's prompt holds the
 * events' text parts only, so the tool results it compacts go unread (model-saw-sources); it never compacts
 * the events it retains, so a session can stay over any budget, and each compaction summarizes the previous
 * compacted event again.
 */
const ADK_COMPACTOR = inCatalogOrder([...SUMMARIZES_AWAY, "budget-respected", "compaction-converges", "loud-refusal", "model-saw-sources"]);
/**
 * The BeeAI Framework's TokenMemory, trimming the oldest messages to its token limit: as trimMessages does,
 * and it refuses a message alone over its limit with its MemoryFatalError, naming no span.
 */
const BEEAI_TOKEN_MEMORY = inCatalogOrder([...TRIM.filter((id) => id !== "safe-prune-succeeds"), "loud-refusal"]);
/**
 * Mastra 0.x's TokenLimiter, keeping the newest messages within its limit less its overheads (24 a
 * conversation, 3.8 a message): as trimMessages does, and under 24 it keeps nothing, even a window that fits.
 */
const MASTRA_TOKEN_LIMITER = TRIM;
/**
 * The Teams AI Library's ConversationHistory section, keeping the newest messages within its budget: as
 * trimMessages does, and it drops a tool result left first, but not one whose call went further back, and
 * keeps a window that fits as it is.
 */
const TEAMS_AI_HISTORY = TRIM.filter((id) => id !== "safe-prune-succeeds");
/**
 * VoltAgent's agent summarization: it summarizes all but its 6 latest messages whatever their size, again with
 * its own summary; its summary prompt leaves a tool's output out (model-saw-sources); a message of white space
 * only is not sent, summarized or not, even when its model failed and it sends the rest as it was
 * (model-failure-safe, which the compact-only twin's runs meet at seed 1).
 */
const VOLTAGENT = inCatalogOrder([
  ...SUMMARIZES_AWAY.filter((id) => id !== "model-failure-safe"),
  "pointer-not-paraphrase",
  "budget-respected",
  "compaction-converges",
  "model-saw-sources",
  "safe-prune-succeeds",
]);
/** Their prune is the adapters' removal (adapters/drop-evicted.ts), which breaks these too. */
const withRemoval = (ids: readonly string[]) => inCatalogOrder([...ids, "pointer-not-paraphrase", "safe-prune-succeeds"]);

function inCatalogOrder(ids: readonly string[]): string[] {
  return PROPERTIES.map((property) => property.id).filter((id) => ids.includes(id));
}

const VERDICTS: [string, string[]][] = [
  ["langchain-trim-messages-last", TRIM],
  ["langchain-trim-messages-first", TRIM],
  // Its prune drops the summary too, as trimMessages does (the compact-only twin's runs never meet that).
  ["vercel-prune-messages", inCatalogOrder([...VERCEL, "provenance-resolves"])],
  // Only the library's compact judged: what trimMessages / pruneMessages choose by themselves. Strategy last,
  // starting on a user turn as its docs advise, drops a fitting history with none (safe-prune-succeeds).
  ["langchain-trim-messages-last-compact-only", TRIM],
  ["langchain-trim-messages-first-compact-only", ["precondition-recoverable", "pointer-not-paraphrase", "depth-bound", "provenance-resolves"]],
  ["vercel-prune-messages-compact-only", VERCEL],
  // Its prune is the adapter's removal of the named messages; the compact-only twin judges the middleware alone.
  ["langchain-summarization", withRemoval(SUMMARIZATION)],
  ["langchain-summarization-compact-only", SUMMARIZATION],
  ["strands-summarizing", withRemoval(STRANDS_SUMMARIZING)],
  // budget-reachable's probe is a prune: with the reference's, pointers fit the budget the manager refused. Its
  // runs no longer meet a dependency cut (dependencies-intact) at seed 1; the library's own run above does.
  ["strands-summarizing-compact-only", inCatalogOrder([...STRANDS_SUMMARIZING.filter((id) => id !== "dependencies-intact"), "budget-reachable"])],
  // Its compact alone breaks pointer-not-paraphrase and safe-prune-succeeds too.
  ["llamaindex-chat-summary", CHAT_SUMMARY],
  ["llamaindex-chat-summary-compact-only", CHAT_SUMMARY],
  // Both meet a compaction of the middleware's own summary (which it summarizes again, so never converges); the twin's
  // runs, following the reference's prune, also a safe compact it refuses with the overflow.
  ["deepagents-summarization", withRemoval([...DEEPAGENTS, "compaction-converges"])],
  ["deepagents-summarization-compact-only", inCatalogOrder([...DEEPAGENTS, "compaction-converges", "safe-prune-succeeds"])],
  ["openai-responses-compaction", withRemoval(OPENAI_COMPACTION)],
  ["openai-responses-compaction-compact-only", OPENAI_COMPACTION],
  ["adk-token-compactor", withRemoval(ADK_COMPACTOR)],
  ["adk-token-compactor-compact-only", ADK_COMPACTOR],
  ["beeai-token-memory", inCatalogOrder([...BEEAI_TOKEN_MEMORY, "safe-prune-succeeds"])],
  ["beeai-token-memory-compact-only", BEEAI_TOKEN_MEMORY],
  ["mastra-token-limiter", MASTRA_TOKEN_LIMITER],
  ["mastra-token-limiter-compact-only", MASTRA_TOKEN_LIMITER],
  ["teams-ai-conversation-history", withRemoval(TEAMS_AI_HISTORY)],
  ["teams-ai-conversation-history-compact-only", TEAMS_AI_HISTORY],
  ["voltagent-summarization", VOLTAGENT],
  ["voltagent-summarization-compact-only", inCatalogOrder([...VOLTAGENT, "model-failure-safe"])],
];

describe("real libraries at core, seed 1, as the committed matrix has them", () => {
  const matrix = Matrix.parse(JSON.parse(readFileSync(join(ROOT, "docs", "matrix", "matrix.json"), "utf8")));

  for (const [name, expected] of VERDICTS) {
    it(`${name} violates exactly ${expected.join(", ")}`, () => {
      const column = matrix.columns.find((each) => each.implementation === name);
      expect(column, `docs/matrix/matrix.json has no column for ${name}`).toMatchObject({ level: "core", runs: 200, seed: 1 });
      const cells = Object.entries(column?.cells ?? {});
      expect(cells.filter(([, cell]) => cell.status === "failed").map(([id]) => id)).toEqual(expected);
      expect(cells.filter(([, cell]) => cell.status === "error")).toEqual([]);
    });
  }
});
