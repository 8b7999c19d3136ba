// langchain 1.5.14: summarizationMiddleware in createAgent. When the summary model's call fails, the
// middleware still removes the history and writes the error's text as the summary.
// Run: npm i langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3 && node failed-call-error-becomes-summary.mjs
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, HumanMessage, summarizationMiddleware } from "langchain";

const agentModel = fakeModel().respond(new AIMessage("Understood: staging only.")).respond(new AIMessage("Running it against staging."));
// The summary model is rate-limited, as a provider is under load.
const summaryModel = fakeModel().respond(new Error("429 Too Many Requests"));

const agent = createAgent({
  model: agentModel,
  tools: [],
  checkpointer: new MemorySaver(),
  middleware: [summarizationMiddleware({ model: summaryModel, trigger: { tokens: 20 }, keep: { messages: 1 } })],
});
const config = { configurable: { thread_id: "repro" } };
await agent.invoke({ messages: [new HumanMessage("Deploy the billing service to staging only, never to production.")] }, config);
await agent.invoke({ messages: [new HumanMessage("Now run the migration.")] }, config);

const lastRequest = agentModel.calls.at(-1).messages;
console.log("summary model calls:", summaryModel.callCount);
console.log("agent model's last request:");
for (const message of lastRequest) console.log(`  ${message.type}: ${JSON.stringify(message.content)}`);
console.log(
  "it still holds the constraint:",
  lastRequest.some((message) => String(message.content).includes("never to production")),
);
