import type { Budget } from "../wire/protocol.ts";

/**
 * The model a model-driven pruner is handed in process: the harness's, answering from the scenario's
 * script (scripted-model.ts). A failure is a thrown ModelFailure (src/errors/model-failure.ts).
 */
export interface Model {
  /** A summary of these spans; the model may claim which spans it covers, which a pruner must not trust. */
  summarize(spanIds: readonly string[], prompt?: string): Promise<{ readonly text: string; readonly provenance?: readonly string[] }>;
  /** Which of these spans can go, in the model's judgment ("is this redundant?"). */
  choose(spanIds: readonly string[], options?: { readonly budget?: Budget; readonly prompt?: string }): Promise<readonly string[]>;
}
