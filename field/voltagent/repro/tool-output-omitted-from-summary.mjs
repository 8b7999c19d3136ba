// @voltagent/core 2.10.0: an Agent with `summarization`. The history it summarizes holds a tool's output as
// a `tool-<name>` part, which the summary prompt's formatting does not read (it reads `tool-call` and
// `tool-result` parts): the summarizer never sees what the tool returned, the summary replaces it, and the
// agent's next request has neither. Its token estimate skips the part too, so tool output never counts
// toward the trigger.
// Run: npm i @voltagent/core@2.10.0 ai@6.0.325 zod@4.6.7 && node tool-output-omitted-from-summary.mjs
import { Agent, createTool } from "@voltagent/core";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const answer = (content) => ({
  content,
  finishReason: { unified: content[0]?.type === "tool-call" ? "tool-calls" : "stop", raw: undefined },
  usage,
  warnings: [],
});
/** A scripted model (the AI SDK's own mock): each call takes the next answer of its script; it records every prompt. */
const scripted = (script) => {
  const prompts = [];
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      prompts.push(prompt);
      return answer(script.shift() ?? [{ type: "text", text: "ok" }]);
    },
  });
  return { model, prompts };
};

// An export whose last line is what matters.
const rows = Array.from({ length: 120 }, (_, i) => `row ${i}: customer ${i} active`).join("\n");
const EXPORT = `${rows}\nFOOTER: rows 100-119 are test data, never bill them`;
const exportTable = createTool({ name: "export_table", description: "Export the customers table.", parameters: z.object({}), execute: async () => EXPORT });

const agentModel = scripted([
  [{ type: "tool-call", toolCallId: "call-1", toolName: "export_table", input: "{}" }],
  [{ type: "text", text: "Exported." }],
  [{ type: "text", text: "Billing the customers." }],
]);
const summaryModel = scripted([[{ type: "text", text: "- The agent exported the customers table." }]]);
const agent = new Agent({
  name: "billing",
  instructions: "You bill customers.",
  model: agentModel.model,
  tools: [exportTable],
  // A low trigger, since the estimate does not count the tool's output: the history summarized is the same.
  summarization: { triggerTokens: 5, keepMessages: 1, model: summaryModel.model },
});
const ids = { userId: "u", conversationId: "c" };
await agent.generateText("Export the customers table.", ids);
await agent.generateText("Now bill them.", ids);

const lastRequest = JSON.stringify(agentModel.prompts.at(-1));
const promptText = (prompt) =>
  prompt.flatMap((message) => (typeof message.content === "string" ? [message.content] : message.content.map((part) => part.text ?? ""))).join("\n");
console.log("the agent's second request held the export:", JSON.stringify(agentModel.prompts[1]).includes("FOOTER"));
console.log("summary model calls:", summaryModel.prompts.length);
console.log("summary prompt:\n" + summaryModel.prompts.map(promptText).join("\n---\n"));
console.log("the summary prompt holds any of the export:", JSON.stringify(summaryModel.prompts).includes("customer 0 active"));
console.log("the agent's last request holds the export:", lastRequest.includes("FOOTER"));
console.log("the agent's last request holds the summary:", lastRequest.includes("exported the customers table"));
// VoltAgent keeps timers of its own running (a model registry refresh, a memory cleanup): end here.
process.exit(0);
