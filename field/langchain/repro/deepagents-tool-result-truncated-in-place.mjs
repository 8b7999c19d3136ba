// deepagents 1.14.1: createDeepAgent's summarization. When tool results together are over what the model
// may be sent, each under the size at which the filesystem middleware offloads a result to a file, the
// summarization middleware cuts each result short in place ("...(result truncated)", same tool call id):
// the model is sent the first part of each only, and nothing tells it where the rest is.
// Run: npm i deepagents@1.14.1 langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3 && node deepagents-tool-result-truncated-in-place.mjs
import { FakeBuiltModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { AIMessage, HumanMessage, tool } from "langchain";

/** LangChain's scripted chat model, with the profile a provider's model has: its context window. */
class ScriptedModel extends FakeBuiltModel {
  get profile() {
    return { maxInputTokens: 128_000 };
  }
}

// Ten regions' exports, each about 17,000 tokens (under the 20,000 at which a result is offloaded to a
// file), 170,000 together: more than the window. Each ends with the line that matters.
const exportRegion = tool(
  ({ region }) =>
    [...Array.from({ length: 1700 }, (_, i) => `${region} row ${i}: customer ${i} active`), `FOOTER ${region}: rows 1500+ are test data, never bill them`].join(
      "\n",
    ),
  {
    name: "export_region",
    description: "Export one region's customers.",
    schema: { type: "object", properties: { region: { type: "string" } }, required: ["region"] },
  },
);
const regions = Array.from({ length: 10 }, (_, i) => `region-${i}`);
const model = new ScriptedModel()
  .respondWithTools(regions.map((region, i) => ({ name: "export_region", args: { region }, id: `call-${i}` })))
  .respond(new AIMessage("Exported."));
const agent = createDeepAgent({ model, tools: [exportRegion], checkpointer: new MemorySaver() });
const config = { configurable: { thread_id: "repro" } };
const result = await agent.invoke({ messages: [new HumanMessage("Export every region, then bill the customers.")] }, config);

const inState = result.messages.filter((message) => message.type === "tool");
const sent = model.calls.at(-1).messages.filter((message) => message.type === "tool");
console.log("tool results in the thread's state:", inState.map((message) => message.content.length).join(", "), "chars");
console.log("tool results sent to the model:", sent.map((message) => message.content.length).join(", "), "chars");
console.log(
  "same call ids:",
  sent.every((message, i) => message.tool_call_id === inState[i].tool_call_id),
);
console.log("the first ends:", JSON.stringify(sent[0].content.slice(-60)));
console.log("footers sent to the model:", sent.filter((message) => message.content.includes("FOOTER")).length, "of", inState.length);
console.log(
  "any message sent names a file holding the rest:",
  model.calls.at(-1).messages.some((message) => /conversation_history|large_tool_results/.test(String(message.content))),
);
