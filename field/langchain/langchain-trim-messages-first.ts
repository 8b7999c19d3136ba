/**
 * LangChain `trimMessages` with strategy "first" (keep the oldest messages that fit); see
 * field/langchain/langchain-trim-messages.ts. `npx prunecheck run --impl field/langchain/langchain-trim-messages-first.ts`
 */
import { langchainTrimMessages } from "./langchain-trim-messages.ts";

export default langchainTrimMessages("first");
