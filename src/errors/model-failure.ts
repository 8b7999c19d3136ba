import { PrunecheckError } from "./prunecheck-error.ts";

/**
 * What the harness's model throws when the scenario has it fail: its error, or its timeout as a client
 * library reports one. A model-driven pruner must turn it into a loud refusal or leave the window as it
 * was, never store the message as a summary or delete history (issue 32).
 */
export class ModelFailure extends PrunecheckError<"error" | "timeout"> {
  static override readonly kind = "ModelFailure";
}
