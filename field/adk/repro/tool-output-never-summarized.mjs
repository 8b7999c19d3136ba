// @google/adk 2.0.0: TokenBasedContextCompactor + LlmSummarizer. The summarizer's prompt holds each
// event's text parts only, so a tool's result never reaches the summarizing model, yet the compacted
// event replaces it: after compaction, what the tool returned is nowhere in what the agent's model sees.
// Run: npm i @google/adk@2.0.0 && node tool-output-never-summarized.mjs
import { BaseLlm, FunctionTool, InMemoryRunner, LlmAgent, LlmSummarizer, TokenBasedContextCompactor } from "@google/adk";

const SCHEMA = "users.email: VARCHAR(255) NOT NULL UNIQUE";

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
const toolCall = { content: { role: "model", parts: [{ functionCall: { id: "call-1", name: "describe_table", args: { table: "users" } } }] } };
const agentModel = new ScriptedLlm("agent-model", (n) => (n === 0 ? toolCall : text(n === 1 ? "The users table is described above." : "Done.")));
const summarizerModel = new ScriptedLlm("summarizer-model", () => text("The user asked about the users table and the agent looked it up."));

const agent = new LlmAgent({
  name: "db_agent",
  model: agentModel,
  instruction: "You help with the database.",
  tools: [new FunctionTool({ name: "describe_table", description: "Describe a table's columns.", execute: () => ({ columns: SCHEMA }) })],
  contextCompactors: [new TokenBasedContextCompactor({ tokenThreshold: 10, eventRetentionSize: 1, summarizer: new LlmSummarizer({ llm: summarizerModel }) })],
});
const runner = new InMemoryRunner({ agent, appName: "repro" });
const session = await runner.sessionService.createSession({ appName: "repro", userId: "u" });
for (const message of ["Describe the users table.", "Add an index on users.email."]) {
  for await (const _ of runner.runAsync({ userId: "u", sessionId: session.id, newMessage: { role: "user", parts: [{ text: message }] } }));
}

const flat = (contents) => JSON.stringify(contents);
const promptTexts = summarizerModel.requests.map((contents) => contents.flatMap((c) => c.parts.map((part) => part.text ?? "")).join("\n"));
console.log("agent model's request after the tool ran holds the tool result:", flat(agentModel.requests[1]).includes(SCHEMA));
console.log("summarizer calls:", summarizerModel.requests.length);
console.log(
  "a summarizer prompt holds the tool call:",
  promptTexts.some((prompt) => prompt.includes("describe_table")),
);
console.log(
  "a summarizer prompt holds the tool result:",
  promptTexts.some((prompt) => prompt.includes(SCHEMA)),
);
console.log("agent model's last request holds the tool result:", flat(agentModel.requests.at(-1)).includes(SCHEMA));
promptTexts.forEach((prompt, i) => console.log(`\nsummarizer prompt ${i + 1}:\n${prompt.trimEnd()}`));
console.log("\nagent model's last request:", flat(agentModel.requests.at(-1)));
