// beeai-framework 0.1.30: SummarizeMemory. Its chat model refuses an empty answer
// (EmptyChatModelResponseError), but a summary of white space replaces the whole conversation.
// Run: npm i beeai-framework@0.1.30 zod@3.25.76 --legacy-peer-deps && node summarize-memory-whitespace-summary.mjs
import { DummyChatModel } from "beeai-framework/adapters/dummy/backend/chat";
import { ChatModelOutput } from "beeai-framework/backend/chat";
import { AssistantMessage, UserMessage } from "beeai-framework/backend/message";
import { SummarizeMemory } from "beeai-framework/memory/summarizeMemory";

/** A scripted chat model: the framework's dummy model, answering each call with the next text of its script. */
class ScriptedChatModel extends DummyChatModel {
  constructor(script) {
    super("scripted");
    this.script = script;
    this.prompts = [];
  }
  async _create(input) {
    this.prompts.push(input.messages.map((message) => `${message.role}: ${message.text}`).join("\n"));
    return new ChatModelOutput([new AssistantMessage(this.script.shift() ?? "")]);
  }
}

// The second summary comes back as white space, as a model's answer does when a filter emptied it.
const llm = new ScriptedChatModel(["The user said never to deploy to production on Fridays.", " \n\t"]);
const memory = new SummarizeMemory({ llm });
await memory.add(new UserMessage("Never deploy to production on Fridays."));
console.log("after the first message:", JSON.stringify(memory.messages.map((message) => message.text)));
await memory.add(new UserMessage("Deploy the billing service."));
console.log("after the second:", JSON.stringify(memory.messages.map((message) => message.text)));
console.log(
  "the memory still holds the Friday rule:",
  memory.messages.some((message) => message.text.includes("Fridays")),
);

const refusing = new SummarizeMemory({ llm: new ScriptedChatModel(["", ""]) });
const refusal = await refusing.add(new UserMessage("Never deploy to production on Fridays.")).catch((error) => error);
console.log("an empty answer instead:", refusal?.constructor.name);
