import { compactGivesUp } from "./compact-gives-up.ts";
import { compactIgnoresCopies } from "./compact-ignores-copies.ts";
import { compactOvershootsBudget } from "./compact-overshoots-budget.ts";
import { pointersCostNothing } from "./pointers-cost-nothing.ts";
import { comparesPrefix } from "./compares-prefix.ts";
import { comparesPrefix16k } from "./compares-prefix-16k.ts";
import { comparesPrefix1k } from "./compares-prefix-1k.ts";
import { comparesPrefix32k } from "./compares-prefix-32k.ts";
import { comparesPrefix8k } from "./compares-prefix-8k.ts";
import { depthNotIncremented } from "./depth-not-incremented.ts";
import { dropsReevictedPointers } from "./drops-reevicted-pointers.ts";
import { dropsUntaggedEvicted } from "./drops-untagged-evicted.ts";
import { forgetsPreconditionTag } from "./forgets-precondition-tag.ts";
import { keepsLast256 } from "./keeps-last-256.ts";
import { lowercasesPointerTags } from "./lowercases-pointer-tags.ts";
import { pointerByText } from "./pointer-by-text.ts";
import { emptyKeyIsNoKey } from "./empty-key-is-no-key.ts";
import { missingDepthCheck } from "./missing-depth-check.ts";
import { summarizesDerivedWindow } from "./summarizes-derived-window.ts";
import type { Mutant } from "./mutant.ts";
import { mutatesInput } from "./mutates-input.ts";
import { nondeterministicCulprit } from "./nondeterministic-culprit.ts";
import { paraphraseInsteadOfRefuse } from "./paraphrase-instead-of-refuse.ts";
import { pointerDropsExtraFields } from "./pointer-drops-extra-fields.ts";
import { provenanceInRequestOrder } from "./provenance-in-request-order.ts";
import { summaryAtRequestOrder } from "./summary-at-request-order.ts";
import { pointerKeyedBySpanId } from "./pointer-keyed-by-span-id.ts";
import { pointersMovedToEnd } from "./pointers-moved-to-end.ts";
import { refusalWithoutSpanId } from "./refusal-without-span-id.ts";
import { refusesAbsentEvictId } from "./refuses-absent-evict-id.ts";
import { refusesEverything } from "./refuses-everything.ts";
import { refusesExternalizedPrecondition } from "./refuses-externalized-precondition.ts";
import { regroundNoRehydrate } from "./reground-no-rehydrate.ts";
import { regroundUnchecked } from "./reground-unchecked.ts";
import { regroundRefreshesOriginals } from "./reground-refreshes-originals.ts";
import { silentTruncation } from "./silent-truncation.ts";
import { storesModelError } from "./stores-model-error.ts";
import { deletesHistoryOnModelFailure } from "./deletes-history-on-model-failure.ts";
import { acceptsEmptySummary } from "./accepts-empty-summary.ts";
import { trustsModelProvenance } from "./trusts-model-provenance.ts";
import { compactSummarizesPreconditions } from "./compact-summarizes-preconditions.ts";
import { compactsEveryCall } from "./compacts-every-call.ts";
import { compactFitsDerived } from "./compact-fits-derived.ts";
import { dropsEarlierSummaries } from "./drops-earlier-summaries.ts";
import { compactSummaryAtEnd } from "./compact-summary-at-end.ts";
import { compactSummaryUntagged } from "./compact-summary-untagged.ts";
import { compactTrustsModelProvenance } from "./compact-trusts-model-provenance.ts";
import { compactsThroughModelFailure } from "./compacts-through-model-failure.ts";
import { compactSummaryTakesSourceId } from "./compact-summary-takes-source-id.ts";
import { summaryPromptDropsOldest } from "./summary-prompt-drops-oldest.ts";
import { compactProvenanceInModelOrder } from "./compact-provenance-in-model-order.ts";
import { provenanceRepeatsSource } from "./provenance-repeats-source.ts";
import { modelFailureNamesSpan } from "./model-failure-names-span.ts";
import { modelFailureBlamesBudget } from "./model-failure-blames-budget.ts";
import { compactSummaryReusesProvenanceId } from "./compact-summary-reuses-provenance-id.ts";
import { refusesModelSummaryOfPrecondition } from "./refuses-model-summary-of-precondition.ts";
import { emptyByTrim } from "./empty-by-trim.ts";
import { staleKeyAccepted } from "./stale-key-accepted.ts";
import { summaryDropsTags } from "./summary-drops-tags.ts";
import { summaryKeepsOnlyPreconditionTags } from "./summary-keeps-only-precondition-tags.ts";
import { summaryIdUnchecked } from "./summary-id-unchecked.ts";
import { summarySourceUnchecked } from "./summary-source-unchecked.ts";
import { summaryOfSummary } from "./summary-of-summary.ts";
import { summaryPartialProvenance } from "./summary-partial-provenance.ts";
import { uncheckedStoreLookup } from "./unchecked-store-lookup.ts";
import { unicodeNormalized } from "./unicode-normalized.ts";
import { untypedRefusal } from "./untyped-refusal.ts";
import { whitespaceNormalized } from "./whitespace-normalized.ts";
import { wrongRefusalCode } from "./wrong-refusal-code.ts";

export { DEFAULT_MAX_WINDOW, defineMutant } from "./mutant.ts";
export type { Mutant } from "./mutant.ts";

/** Every mutant, grouped by the seed condition it breaks: provenance first, then liveness, then hygiene. */
export const MUTANTS: readonly Mutant[] = Object.freeze([
  paraphraseInsteadOfRefuse,
  forgetsPreconditionTag,
  dropsUntaggedEvicted,
  uncheckedStoreLookup,
  staleKeyAccepted,
  whitespaceNormalized,
  unicodeNormalized,
  comparesPrefix1k,
  comparesPrefix,
  comparesPrefix8k,
  comparesPrefix16k,
  comparesPrefix32k,
  pointerKeyedBySpanId,
  pointerDropsExtraFields,
  lowercasesPointerTags,
  pointerByText,
  emptyKeyIsNoKey,
  dropsReevictedPointers,
  missingDepthCheck,
  summarizesDerivedWindow,
  depthNotIncremented,
  summaryOfSummary,
  summarySourceUnchecked,
  summaryPartialProvenance,
  provenanceInRequestOrder,
  summaryAtRequestOrder,
  summaryIdUnchecked,
  summaryDropsTags,
  summaryKeepsOnlyPreconditionTags,
  regroundNoRehydrate,
  regroundUnchecked,
  regroundRefreshesOriginals,
  untypedRefusal,
  refusalWithoutSpanId,
  wrongRefusalCode,
  refusesEverything,
  refusesAbsentEvictId,
  refusesExternalizedPrecondition,
  compactGivesUp,
  compactIgnoresCopies,
  compactOvershootsBudget,
  compactFitsDerived,
  pointersCostNothing,
  pointersMovedToEnd,
  keepsLast256,
  silentTruncation,
  mutatesInput,
  nondeterministicCulprit,
  storesModelError,
  trustsModelProvenance,
  deletesHistoryOnModelFailure,
  acceptsEmptySummary,
  compactSummarizesPreconditions,
  compactsEveryCall,
  dropsEarlierSummaries,
  compactSummaryAtEnd,
  compactSummaryUntagged,
  compactTrustsModelProvenance,
  compactsThroughModelFailure,
  compactSummaryTakesSourceId,
  summaryPromptDropsOldest,
  compactProvenanceInModelOrder,
  provenanceRepeatsSource,
  modelFailureNamesSpan,
  modelFailureBlamesBudget,
  compactSummaryReusesProvenanceId,
  refusesModelSummaryOfPrecondition,
  emptyByTrim,
]);
