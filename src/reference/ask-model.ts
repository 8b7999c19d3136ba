import { ModelFailure } from "../errors/model-failure.ts";
import { isBlank } from "../wire/blank.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";

/**
 * A call to the model, its failure turned into the loud, typed refusal that leaves the window as it was;
 * an empty summary is a failure too. Anything else the call throws is not the model's failure and goes on.
 */
export async function askModel<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ModelFailure)) throw error;
    throw new UnrecoverablePruneError("model_failed", null, `the model failed (${error.code}: ${error.message}), so nothing was changed`);
  }
}

/** The model's summary text, refused when it is empty: a blank summary would replace history with nothing. */
export function summaryTextOf(answer: { readonly text: string }): string {
  if (isBlank(answer.text)) throw new UnrecoverablePruneError("model_failed", null, "the model's summary was empty, so nothing was changed");
  return answer.text;
}
