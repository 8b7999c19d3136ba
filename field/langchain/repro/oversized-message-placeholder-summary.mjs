// langchain 1.5.14: summarizationMiddleware in createAgent. When the messages to summarize exceed the
// summary prompt's input limit (trimTokensToSummarize, 4,000 tokens by default) and trimming them leaves
// none, the middleware replaces the history with "Previous conversation was too long to summarize."
// without ever calling the summary model.
// Run: npm i langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3 && node oversized-message-placeholder-summary.mjs
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, HumanMessage, summarizationMiddleware } from "langchain";

const agentModel = fakeModel().respond(new AIMessage("I read the inventory.")).respond(new AIMessage("Restarting it."));
const summaryModel = fakeModel().respond(new AIMessage("The user shared an inventory: payments-db-replica-2 is read-only."));

const agent = createAgent({
  model: agentModel,
  tools: [],
  checkpointer: new MemorySaver(),
  middleware: [summarizationMiddleware({ model: summaryModel, trigger: { tokens: 4000 }, keep: { messages: 2 } })],
});
const config = { configurable: { thread_id: "repro" } };
// One long message: a JSON export the user pasted (one line, about 5,000 tokens), whose first entry is what matters.
const entries = [
  { host: "payments-db-replica-2", note: "READ-ONLY: never write to it" },
  ...Array.from({ length: 600 }, (_, i) => ({ host: `web-${i}`, status: "ok" })),
];
const log = JSON.stringify(entries);
await agent.invoke({ messages: [new HumanMessage(`Here is the inventory: ${log}`)] }, config);
await agent.invoke({ messages: [new HumanMessage("Restart the payments service.")] }, config);

const lastRequest = agentModel.calls.at(-1).messages;
console.log("inventory message length:", log.length, "chars");
console.log("summary model calls:", summaryModel.callCount);
console.log("agent model's last request:");
for (const message of lastRequest)
  console.log(`  ${message.type}: ${JSON.stringify(message.content.slice(0, 100))}${message.content.length > 100 ? ` (${message.content.length} chars)` : ""}`);
console.log(
  "it still holds the read-only line:",
  lastRequest.some((message) => String(message.content).includes("READ-ONLY")),
);
