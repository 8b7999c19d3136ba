import type { Model } from "../../src/llm/model.ts";

/** A model that answers `text` to every summarize, chooses nothing, and remembers the span ids it was asked for. */
export function spyModel(text: string): Model & { readonly asked: (readonly string[])[] } {
  const asked: (readonly string[])[] = [];
  return {
    asked,
    summarize: async (spanIds) => {
      asked.push(spanIds);
      return { text };
    },
    choose: async () => [],
  };
}
