// @strands-agents/sdk 1.0.0: SummarizingConversationManager. On a context overflow it asks its model to
// summarize the oldest messages; when the model answers with no text, the empty summary replaces them.
// Run: npm i @strands-agents/sdk@1.0.0 && node empty-summary-kept.mjs
import { Agent, ContextWindowOverflowError, Model, SummarizingConversationManager } from "@strands-agents/sdk";

/** A scripted model: each call takes the next entry, a text to answer or an error to throw; it records what it is sent. */
class ScriptedModel extends Model {
  constructor(script) {
    super();
    this.script = script;
    this.calls = [];
    this.config = { modelId: "scripted" };
  }
  updateConfig(config) {
    this.config = { ...this.config, ...config };
  }
  getConfig() {
    return this.config;
  }
  async *stream(messages) {
    this.calls.push(messages.map((message) => ({ role: message.role, text: message.content.map((block) => block.text ?? "").join("") })));
    const next = this.script.shift();
    if (next instanceof Error) throw next;
    yield { type: "modelMessageStartEvent", role: "assistant" };
    yield { type: "modelContentBlockStartEvent" };
    yield { type: "modelContentBlockDeltaEvent", delta: { type: "textDelta", text: next } };
    yield { type: "modelContentBlockStopEvent" };
    yield { type: "modelMessageStopEvent", stopReason: "endTurn" };
  }
}

// The agent's model answers three turns, then reports a context overflow once, as a provider does.
const agentModel = new ScriptedModel(["Noted.", "Done.", "Done.", new ContextWindowOverflowError("prompt is too long"), "Deploying."]);
// The summary model answers with no text, as a model does when a content filter stops it.
const summaryModel = new ScriptedModel([""]);
const agent = new Agent({
  model: agentModel,
  printer: false,
  conversationManager: new SummarizingConversationManager({ model: summaryModel, preserveRecentMessages: 2 }),
});
for (const text of ["Never deploy to production on Fridays.", "Tag the release.", "Write the changelog.", "Deploy now."]) await agent.invoke(text);

console.log("summary model calls:", summaryModel.calls.length);
console.log("agent model's last request:");
for (const { role, text } of agentModel.calls.at(-1)) console.log(`  ${role}: ${JSON.stringify(text)}`);
console.log(
  "it still holds the Friday rule:",
  agentModel.calls.at(-1).some(({ text }) => text.includes("Fridays")),
);
