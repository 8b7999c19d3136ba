// @llamaindex/core 0.6.23: ChatSummaryMemoryBuffer. When the latest message alone is over the limit,
// summarize() drops every message from its prompt, asks the LLM to summarize an empty conversation, and
// getMessages() sends that made-up summary beside the message, still over the limit.
// (The class is marked deprecated, "Use Memory instead", and still shipped.)
// Run: npm i @llamaindex/core@0.6.23 @llamaindex/env@0.1.31 && node over-limit-message-empty-summary.mjs
import { ChatSummaryMemoryBuffer } from "@llamaindex/core/memory";
import { tokenizers } from "@llamaindex/env/tokenizers";

/** A scripted LLM with a provider model's metadata: it answers every chat as a model asked about nothing does. */
const prompts = [];
const llm = {
  metadata: { model: "scripted", temperature: 0, topP: 1, contextWindow: 8192, maxTokens: 1024, tokenizer: undefined, structuredOutput: false },
  async chat({ messages }) {
    prompts.push(messages.map((message) => message.content).join("\n"));
    return { message: { role: "assistant", content: "There is no conversation to summarize yet." }, raw: null };
  },
};

const log = Array.from({ length: 1200 }, (_, i) => `2026-12-07 10:00:${String(i % 60).padStart(2, "0")} worker-${i} finished job ${i}`).join("\n");
const memory = new ChatSummaryMemoryBuffer({ llm });
memory.put({ role: "user", content: "Never deploy to production on Fridays." });
memory.put({ role: "assistant", content: "Noted." });
memory.put({ role: "user", content: `Why did the deploy fail? Here is the log:\n${log}` });
const sent = await memory.getMessages();

const tokens = (text) => tokenizers.tokenizer().encode(text).length;
console.log("the limit (contextWindow - maxTokens):", 8192 - 1024, "tokens");
console.log(
  "summary calls:",
  prompts.length,
  "- the prompt holds any message:",
  prompts.some((prompt) => prompt.includes("Fridays") || prompt.includes("worker-")),
);
console.log("sent:");
for (const message of sent)
  console.log(`  ${message.role}: ${JSON.stringify(String(message.content).slice(0, 80))} (${tokens(String(message.content))} tokens)`);
console.log(
  "sent in all:",
  sent.reduce((sum, message) => sum + tokens(String(message.content)), 0),
  "tokens",
);
