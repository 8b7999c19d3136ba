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

/**
 * Text a language's trim empties though it is not white space ([p-model-failure]): U+FEFF goes to
 * JavaScript's `trim`, U+001C to Python's `strip`, U+200B to neither but is as unseen. Text, owed to be
 * written exactly, never refused as empty.
 */
const TRIMMED_AWAY = ["\ufeff", "\u001c", "\u200b"];

/**
 * Empty summaries beside "" as models send them ([p-model-failure]: white space is Unicode White_Space): a
 * line break and a tab, and characters some language's trim keeps (U+0085 survives JavaScript's `trim`;
 * U+00A0, U+3000 and U+2028 survive Java's `String.trim` and every ASCII-only trim; U+00A0 Java's `strip`).
 */
const BLANKS = [" \n\t", "\u00a0", "\u0085", "\u3000", "\u2028"];

/**
 * One of `values`, each as likely as the others, shrinking towards the first. `fc.constantFrom` draws its
 * first value far more often (fast-check biases towards what it shrinks to), which left the answers of
 * the later values in 1 to 3 scenarios of a default run's 200 (docs/traceability.md measures them).
 */
function evenlyOf<const T>(...values: readonly [T, ...T[]]): fc.Arbitrary<T> {
  return fc.oneof({ withCrossShrink: true }, ...values.map((value) => fc.constant(value)));
}

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
  fc.oneof(fc.constantFrom(...LOOKALIKES), fc.constantFrom(...TRIMMED_AWAY)).map((text): ModelAnswerSpec => ({ kind: "text", text })),
  fc.oneof(fc.constant(""), fc.constantFrom(...BLANKS)).map((text): ModelAnswerSpec => (text === "" ? { kind: "empty" } : { kind: "empty", text })),
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
      stray: evenlyOf("none", "outside-call", "earlier-call", "outside-window"),
      dress: evenlyOf("bare", "whitespace", "invisible", "prose"),
      length: evenlyOf("whole", "partial", "over-long"),
    }),
  },
  fc.constantFrom(...ERRORS).map((message): ModelAnswerSpec => ({ kind: "error", message })),
  fc.constant<ModelAnswerSpec>({ kind: "timeout" }),
);

/** The model's answers to the calls of one request, in order; a call past the end gets the last (see scriptedModel). */
export const modelScriptArb: fc.Arbitrary<readonly ModelAnswerSpec[]> = fc.array(modelAnswerSpecArb, { maxLength: 4 });
