// @llamaindex/core 0.6.23: ChatSummaryMemoryBuffer. To fit its summary prompt, summarize() drops the
// oldest messages, and the summary then stands for the whole conversation: the dropped messages are
// neither summarized nor sent. (The class is marked deprecated, "Use Memory instead", and still shipped.)
// Run: npm i @llamaindex/core@0.6.23 && node oldest-messages-never-summarized.mjs
import { ChatSummaryMemoryBuffer } from "@llamaindex/core/memory";

/** A scripted LLM with a provider model's metadata: it answers every chat with a summary and records the prompt. */
const prompts = [];
const llm = {
  metadata: { model: "scripted", temperature: 0, topP: 1, contextWindow: 8192, maxTokens: 1024, tokenizer: undefined, structuredOutput: false },
  async chat({ messages }) {
    prompts.push(messages.map((message) => message.content).join("\n"));
    return { message: { role: "assistant", content: "The user shared a design document and asked to deploy." }, raw: null };
  },
};

const design = Array.from({ length: 700 }, (_, i) => `Section ${i}: the service keeps its state in one table.`).join("\n");
const memory = new ChatSummaryMemoryBuffer({ llm });
memory.put({ role: "user", content: "Never deploy to production on Fridays." });
memory.put({ role: "assistant", content: "Noted." });
memory.put({ role: "user", content: `Here is the design document:\n${design}` });
memory.put({ role: "assistant", content: "I have read it." });
memory.put({ role: "user", content: "Deploy now." });
// What an application sends its LLM next.
const sent = await memory.getMessages();

console.log("summary calls:", prompts.length);
console.log(
  "the summary prompt holds the Friday rule:",
  prompts.some((prompt) => prompt.includes("Fridays")),
);
console.log("sent:");
for (const message of sent) console.log(`  ${message.role}: ${JSON.stringify(String(message.content).slice(0, 100))}`);
console.log(
  "what is sent holds the Friday rule:",
  sent.some((message) => String(message.content).includes("Fridays")),
);
