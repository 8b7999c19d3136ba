// deepagents 1.14.1: createDeepAgent's summarization. The summary message says "The full conversation
// history has been saved to /conversation_history/<session>.md", but with the default backend that file
// never reaches the thread's state: when the agent reads it, it is not there.
// Run: npm i deepagents@1.14.1 langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3 && node deepagents-history-file-missing.mjs
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

// The agent's model answers each call in turn; the second call is the middleware's summary request. On the
// last turn it does what the summary message invites: it reads the history file the message names.
const readHistory = (messages) => {
  const path = /saved to (\S+\.md)/.exec(messages.map((message) => String(message.content)).join("\n"))[1];
  return new AIMessage({ content: "", tool_calls: [{ name: "read_file", args: { file_path: path }, id: "read-1" }] });
};
const model = new ScriptedModel()
  .respond(new AIMessage("Noted."))
  .respond(new AIMessage("The user shared release notes."))
  .respond(new AIMessage("Read them."))
  .respond(readHistory)
  .respond(new AIMessage("I cannot find the earlier conversation."));
const agent = createDeepAgent({ model, checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "repro" } };
const notes = Array.from({ length: 200 }, (_, i) => `- change ${i}: minor fix`).join("\n");
for (const text of ["Never deploy to production on Fridays.", `Here are the release notes:\n${notes}`, "What did I say about deploying?"]) {
  await agent.invoke({ messages: [new HumanMessage(text)] }, config);
}

// The history file's name holds a random session id: masked, so that the output is the same on every run.
const masked = (text) => text.replace(/session_[0-9a-f]+/g, "session_<id>");
const { messages, files } = (await agent.getState(config)).values;
const summary = model.calls.at(-2).messages.find((message) => String(message.content).includes("has been summarized"));
console.log("summary message:", masked(JSON.stringify(summary.content)));
console.log("read_file answered:", masked(JSON.stringify(messages.findLast((message) => message.type === "tool").content)));
console.log("files in the thread's state:", JSON.stringify(Object.keys(files ?? {}).map(masked)));
