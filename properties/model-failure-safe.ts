/**
 * Seed: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal." And from the field: the error text of a failed model call stored as the summary (langchain
 * 38867), history replaced by a placeholder when the model never answered (langchain 39261).
 *
 * When the harness's model fails while the pruner works (an error, a timeout, an empty summary), the
 * operation is refused, or it leaves every span of the window as it was: it never deletes history on the
 * model's failure, and the failure's text never becomes part of the window.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, modelFailed, sameData } from "../src/models/analysis.ts";

export const modelFailureSafe: Property = {
  id: "model-failure-safe",
  level: "core",
  requires: ["model"],
  title: "A model failure is refused or changes nothing; its error text never enters the window",
  quote: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable refusal.",
  rules: ["p-model-failure"],
  check({ call, outcome, model }) {
    const failures = model.filter(modelFailed);
    if (failures.length === 0 || !outcome.ok) return null;
    for (const { answer } of failures) {
      const message = answer.ok ? null : answer.error.message;
      const carrier = message === null || message === "" ? undefined : outcome.window.spans.find((span) => span.text.includes(message));
      if (carrier !== undefined) {
        return { span_id: carrier.span_id, message: `span ${describeSpan(carrier)} holds the text of the model's failure, ${JSON.stringify(message)}` };
      }
    }
    if (!sameData(outcome.window.spans, call.window.spans)) {
      const [{ answer }] = failures as [(typeof failures)[number]];
      const how = answer.ok ? "answered with an empty summary" : `failed (${answer.error.code}: ${JSON.stringify(answer.error.message)})`;
      const lost = call.window.spans.find((span) => !outcome.window.spans.some((kept) => sameData(kept, span)));
      return {
        span_id: lost?.span_id ?? null,
        message: `the model ${how}, yet ${call.op} succeeded and changed the window${lost === undefined ? "" : `: span ${describeSpan(lost)} is not as it was`}`,
      };
    }
    return null;
  },
};
