import { PrunecheckError } from "./prunecheck-error.ts";

/**
 * Why a prune was refused. Stable snake_case codes: they travel on the wire (`error.code`) and appear in
 * reports, so renaming one is a breaking change.
 */
export const REFUSAL_REASONS = Object.freeze({
  derived_ungrounded: "the window is already derived (derivation_depth >= 1) and not every span resolves in the store; reground first",
  not_externalized: "the span has no externalized_key; write it to the store before evicting it",
  key_missing: "the span's externalized_key is not in the store; re-externalize it",
  stale_key: "the store holds different text under the span's externalized_key; re-externalize the current text",
  summary_depth_exceeded: "summarizing a summary would exceed derivation depth 1; summarize the original sources instead",
  unresolvable_pointer: "a pointer's externalized_key is not in the store; its text cannot be recovered",
  unresolvable_provenance: "a summary's provenance does not resolve in the store; it cannot justify this operation",
  unknown_span: "the request names a span that is not in the window",
  empty_selection: "a summary needs at least one source span",
  budget_unreachable: "the budget cannot be met by evicting only spans that have a byte-exact copy; externalize more spans or raise the budget",
  duplicate_span_id: "the summary_id is already used by a span in the window; pick a fresh id",
  model_failed: "the model failed (an error, a timeout or an empty answer), so nothing was changed; try again later",
} as const);

export type RefusalReason = keyof typeof REFUSAL_REASONS;

/**
 * The loud, typed refusal of the seed: the operation would be a mutation, not a compaction, so nothing
 * was changed. Carries the offending span (when one span is to blame) and a stable reason code.
 */
export class UnrecoverablePruneError extends PrunecheckError<RefusalReason> {
  static override readonly kind = "UnrecoverablePruneError";

  constructor(
    code: RefusalReason,
    /** Named as on the wire, so a refusal reads the same in TypeScript, in Python and in a report. */
    readonly span_id: string | null,
    detail?: string,
  ) {
    const subject = span_id === null ? "window" : `span ${JSON.stringify(span_id)}`;
    // A refusal is an answer, not a fault in the code: its stack is never shown, and capturing one for each
    // of the thousands a run throws cost a twentieth of the mutant catalog's time (profiled).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(code, `${subject}: ${detail ?? REFUSAL_REASONS[code]} [${code}]`);
    Error.stackTraceLimit = limit;
  }
}
