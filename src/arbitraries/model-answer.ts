import fc from "fast-check";
import type { ModelAnswerSpec } from "../llm/answer.ts";
import { PARAPHRASES } from "../llm/paraphrase.ts";

/** Summaries a pruner might take for its own markers, and the design note's laundered claim. */
const LOOKALIKES = [
  "[externalized: k0]",
  "(summarized)",
  "[summary of s1]",
  "<summary></summary>",
  "schema constraints verified",
  "Summary: nothing important.",
];

/** What model clients throw: what a careless pruner stores as the summary (langchain 38867). */
const ERRORS = [
  "Error: 429 Too Many Requests",
  "context_length_exceeded: This model's maximum context length is 8192 tokens",
  "Error code: 500 - {'error': {'message': 'The server had an error while processing your request.'}}",
];

/**
 * One answer of the model, adversarial by design: every way the design note and the field's reports show
 * a model-written summary or redundancy judgment going wrong, each about as likely as the faithful answer,
 * which everything shrinks towards.
 */
export const modelAnswerSpecArb: fc.Arbitrary<ModelAnswerSpec> = fc.oneof(
  { withCrossShrink: true },
  fc.constant<ModelAnswerSpec>({ kind: "faithful" }),
  fc.constantFrom(...PARAPHRASES).map((change): ModelAnswerSpec => ({ kind: "paraphrase", change })),
  fc.constantFrom(...LOOKALIKES).map((text): ModelAnswerSpec => ({ kind: "text", text })),
  fc.constant<ModelAnswerSpec>({ kind: "empty" }),
  fc.constant<ModelAnswerSpec>({ kind: "bloated" }),
  // Twice as likely as each other answer: the design note's own subject, provenance asserted rather than
  // carried, and the answer a careless compactor writes down only when it lands on the summary's call.
  {
    weight: 2,
    arbitrary: fc.constantFrom("invented", "partial", "duplicated" as const).map((provenance): ModelAnswerSpec => ({ kind: "claims", provenance })),
  },
  fc.constantFrom("everything", "preconditions", "nothing" as const).map((pick): ModelAnswerSpec => ({ kind: "choose", pick })),
  // What real models do to a list of ids and a summary (issue 47), each field drawn on its own so that every
  // way of straying is reached in a default run (docs/traceability.md measures it), each shrinking to tidy.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("sloppy" as const),
      order: fc.constantFrom("asked", "reversed" as const),
      repeat: fc.boolean(),
      stray: fc.constantFrom("none", "outside-call", "earlier-call", "outside-window" as const),
      dress: fc.constantFrom("bare", "whitespace", "invisible", "prose" as const),
      length: fc.constantFrom("whole", "partial", "over-long" as const),
    }),
  },
  fc.constantFrom(...ERRORS).map((message): ModelAnswerSpec => ({ kind: "error", message })),
  fc.constant<ModelAnswerSpec>({ kind: "timeout" }),
);

/** The model's answers to the calls of one request, in order; a call past the end gets the last (see scriptedModel). */
export const modelScriptArb: fc.Arbitrary<readonly ModelAnswerSpec[]> = fc.array(modelAnswerSpecArb, { maxLength: 4 });
