// deepagents 1.14.1: createSummarizationMiddleware in LangChain's createAgent. The middleware's `model`
// option names the model that writes summaries, but inside an agent it asks the agent's own model and
// never calls the one it was given.
// Run: npm i deepagents@1.14.1 langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3 && node deepagents-summary-model-option-ignored.mjs
import { MemorySaver } from "@langchain/langgraph";
import { createSummarizationMiddleware, StateBackend } from "deepagents";
import { AIMessage, createAgent, fakeModel, HumanMessage } from "langchain";

const agentModel = fakeModel()
  .respond(new AIMessage("Noted."))
  .respond(new AIMessage("(the agent's model, asked for a summary)"))
  .respond(new AIMessage("Read them."));
// A small, cheap model for summaries: what the `model` option is for.
const summaryModel = fakeModel().respond(new AIMessage("The user said never to deploy on Fridays, then shared release notes."));

const agent = createAgent({
  model: agentModel,
  tools: [],
  checkpointer: new MemorySaver(),
  middleware: [
    createSummarizationMiddleware({
      model: summaryModel,
      backend: (runtime) => new StateBackend(runtime),
      trigger: { type: "tokens", value: 500 },
      keep: { type: "messages", value: 1 },
    }),
  ],
});
const config = { configurable: { thread_id: "repro" } };
const notes = Array.from({ length: 100 }, (_, i) => `- change ${i}: minor fix`).join("\n");
for (const text of ["Never deploy to production on Fridays.", `Here are the release notes:\n${notes}`]) {
  await agent.invoke({ messages: [new HumanMessage(text)] }, config);
}

const isSummaryRequest = (call) => call.messages.some((message) => String(message.content).includes("conversation summarizer"));
console.log("summary model calls:", summaryModel.callCount);
console.log("agent model calls:", agentModel.callCount, "of which summary requests:", agentModel.calls.filter(isSummaryRequest).length);
console.log(
  "summary the agent's model was sent:",
  JSON.stringify(String(agentModel.calls.at(-1).messages[0].content).match(/<summary>[\s\S]*<\/summary>/)?.[0]),
);
