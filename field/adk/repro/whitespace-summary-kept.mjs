// @google/adk 2.0.0: LlmSummarizer refuses an empty summary ("LLM failed to return a valid summary.")
// but keeps one of white space: the compacted event replaces the conversation with " \n\t".
// Run: npm i @google/adk@2.0.0 && node whitespace-summary-kept.mjs
import { BaseLlm, InMemoryRunner, isCompactedEvent, LlmAgent, LlmSummarizer, TokenBasedContextCompactor } from "@google/adk";

/** A scripted model: answers each request with respond(n), n counting from 0, and records the requests. */
class ScriptedLlm extends BaseLlm {
  constructor(name, respond) {
    super({ model: name });
    this.respond = respond;
    this.requests = [];
  }
  async *generateContentAsync(request) {
    this.requests.push(structuredClone(request.contents));
    yield this.respond(this.requests.length - 1);
  }
  async connect() {
    throw new Error("not used");
  }
}

const text = (value) => ({ content: { role: "model", parts: [{ text: value }] } });
const agentModel = new ScriptedLlm("agent-model", () => text("Noted."));
// What a model answers when it has nothing to say, or its output was filtered: white space.
const summarizerModel = new ScriptedLlm("summarizer-model", () => text(" \n\t"));

const agent = new LlmAgent({
  name: "assistant",
  model: agentModel,
  instruction: "You are a helpful assistant.",
  contextCompactors: [new TokenBasedContextCompactor({ tokenThreshold: 10, eventRetentionSize: 1, summarizer: new LlmSummarizer({ llm: summarizerModel }) })],
});
const runner = new InMemoryRunner({ agent, appName: "repro" });
const session = await runner.sessionService.createSession({ appName: "repro", userId: "u" });
for (const message of ["Never deploy to production on Fridays.", "Deploy the billing service."]) {
  for await (const _ of runner.runAsync({ userId: "u", sessionId: session.id, newMessage: { role: "user", parts: [{ text: message }] } }));
}

const { events } = await runner.sessionService.getSession({ appName: "repro", userId: "u", sessionId: session.id });
const compacted = events.filter(isCompactedEvent);
console.log("summarizer calls:", summarizerModel.requests.length);
console.log("compacted events in the session:", compacted.map((event) => JSON.stringify(event.compactedContent)).join(", "));
console.log("agent model's last request:", JSON.stringify(agentModel.requests.at(-1)));
console.log("it still holds the first instruction:", JSON.stringify(agentModel.requests.at(-1)).includes("Fridays"));
