// deepagents 1.14.1: createDeepAgent's summarization. When the model answers the summary request with no
// text, the middleware replaces the conversation with a summary message that summarizes nothing.
// Run: npm i deepagents@1.14.1 langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3 && node deepagents-empty-summary-kept.mjs
import { FakeBuiltModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { AIMessage, HumanMessage } from "langchain";

/** LangChain's scripted chat model, with the profile a provider's model has: its context window. */
class ScriptedModel extends FakeBuiltModel {
  get profile() {
    return { maxInputTokens: 2_000 };
  }
}

// The agent's model answers each call in turn; the second call is the middleware's summary request, which
// it answers with no text, as a model does when a content filter stops it or it runs out of output tokens.
const model = new ScriptedModel()
  .respond(new AIMessage("Noted."))
  .respond(new AIMessage(""))
  .respond(new AIMessage("Read them."))
  .respond(new AIMessage("Deploying."));
const agent = createDeepAgent({ model, checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "repro" } };
const notes = Array.from({ length: 200 }, (_, i) => `- change ${i}: minor fix`).join("\n");
for (const text of ["Never deploy to production on Fridays.", `Here are the release notes:\n${notes}`, "Deploy now."]) {
  await agent.invoke({ messages: [new HumanMessage(text)] }, config);
}

const lastText = (messages) => String(messages.at(-1).content);
console.log("model calls:", model.callCount);
console.log("call 2 was the summary request:", lastText(model.calls[1].messages).includes("conversation summarizer"));
console.log("agent model's last request:");
// The history file's name holds a random session id: masked, so that the output is the same on every run.
const masked = (text) => text.replace(/session_[0-9a-f]+/g, "session_<id>");
for (const message of model.calls.at(-1).messages.filter((message) => message.type !== "system"))
  console.log(`  ${message.type}: ${masked(JSON.stringify(message.content))}`);
console.log(
  "it still holds the Friday rule:",
  model.calls.at(-1).messages.some((message) => String(message.content).includes("Fridays")),
);
