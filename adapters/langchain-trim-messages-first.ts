/**
 * LangChain `trimMessages` with strategy "first" (keep the oldest messages that fit); see
 * adapters/langchain-trim-messages.ts. `npx prunecheck run --impl adapters/langchain-trim-messages-first.ts`
 */
import { langchainTrimMessages } from "./langchain-trim-messages.ts";

export default langchainTrimMessages("first");
