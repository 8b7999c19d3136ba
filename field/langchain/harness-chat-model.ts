import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { textOf } from "./format.ts";

/**
 * A LangChain chat model whose answer is `answer`'s for its prompt (the text of the messages it is sent):
 * the harness's model, or nothing. Its profile states `maxInputTokens` as its context window when given
 * (Deep Agents' middleware reads it), else it is LangChain's own, empty.
 */
export class HarnessChatModel extends BaseChatModel {
  constructor(
    private readonly answer: (prompt: string) => Promise<string>,
    private readonly maxInputTokens?: number,
  ) {
    super({});
  }

  override get profile() {
    return this.maxInputTokens === undefined ? super.profile : { maxInputTokens: this.maxInputTokens };
  }

  _llmType(): string {
    return "prunecheck-harness";
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const text = await this.answer(messages.map(textOf).join("\n"));
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}
