import type { ReachName } from "./reach.ts";

/**
 * How each documented rule (an id anchored in docs/protocol.md or docs/spec.md) is checked: the request
 * shape that reaches it (reach.ts), measured over a default run; or why the mutant catalog cannot check
 * it. Which property enforces a rule and which mutant breaks it, each declares itself (`rules`, `breaks`).
 */
export type RuleCheck = { readonly reach: ReachName } | { readonly notCheckable: string };

const TRANSPORT =
  "transport: checked by adapter-protocol against scripted adapters over stdio (src/transport/*.test.ts); catalog mutants are in-process pruners, which have no stdout to break";
const REFERENCE = "a choice of the reference that the properties leave open (an honest pruner may differ); checked by the unit tests beside src/reference";
const LIBRARY = "about a reference library function that is no protocol operation; checked by the unit tests beside src/reference";

export const RULES: Readonly<Record<string, RuleCheck>> = {
  "p-no-line-break": { notCheckable: TRANSPORT },
  "p-one-answer": { notCheckable: TRANSPORT },
  "p-no-unsolicited": { notCheckable: TRANSPORT },
  "p-pipelining": { notCheckable: TRANSPORT },
  "p-flush": { notCheckable: TRANSPORT },
  "p-hello-protocol": { notCheckable: TRANSPORT },
  "p-model-call": { notCheckable: TRANSPORT },
  "p-model-limit": { notCheckable: TRANSPORT },
  "p-model-wait": { notCheckable: TRANSPORT },
  "p-model-failure": { reach: "modelFailure" },
  "p-model-shown": { reach: "modelWritesSummary" },
  "p-model-failed-span": { reach: "modelFailure" },
  "p-model-failure-owed": { reach: "modelFailure" },
  "p-model-summarize-precondition": { reach: "modelSummarizeProtected" },
  "p-model-choice": {
    notCheckable: `${REFERENCE}: what it demands is the rules it names, each checked; how to read a sloppy answer is the adapter's (the answer-space table measures what adapters meet)`,
  },
  "p-model-next-line": {
    notCheckable:
      "transport: the harness's side (each line its own timeout, a call's answer its next line) in src/transport/stdio.test.ts; the Python kit's exit on end of input or another line in examples/python/tests/test_model.py; catalog mutants are in-process pruners, which have no stdout",
  },
  "p-new-span-id": { reach: "compactWritesBesideProvenance" },
  "p-summarize-pointer": {
    notCheckable:
      "a permission, and what the harness's model reads: provenance-resolves judges a pointer source's entry as any other's (its key must resolve to the text the pointer stands for)",
  },
  "s-provenance-once": { reach: "summarizeRepeated" },
  "p-timeout": {
    notCheckable: "the harness cannot see an adapter rely on a timeout value; it only shortens timeouts while a hang shrinks (hang-shrink.test.ts)",
  },
  "p-stateless": { reach: "any" },
  "p-summary-id": { reach: "takenSummaryId" },
  "p-compact-fits": { reach: "compact" },
  "p-compact-owed": { reach: "compactOver" },
  "p-compact-derived": { reach: "derivedUngroundedCompact" },
  "p-compact-summary": { reach: "compactWritesSummary" },
  "p-compact-summary-gate": { reach: "compactCopiedProtected" },
  "p-compact-summaries": { reach: "compactSummary" },
  "p-compact-fixed-point": { reach: "compactAgain" },
  "p-refusal-typed": { reach: "refusal" },
  "p-refusal-code": { reach: "refusal" },
  "p-extra-fields": { reach: "extraFields" },
  "p-strings-exact": { reach: "oddText" },
  "p-provenance-order": { reach: "outOfOrder" },
  "p-precondition-evict": { reach: "uncopiedProtected" },
  "p-summary-tags": { reach: "summarizeTagged" },
  "p-pointer-kind": { reach: "pointerLookalike" },
  "p-pointer-fields": { reach: "copiedProtectedPrune" },
  "p-reground": { reach: "reground" },
  "p-derived": { reach: "derivedUngrounded" },
  "p-evict-copy": { reach: "uncopiedNamed" },
  "p-summary-source-copy": { reach: "summarizeFaulty" },
  "p-summary-place": { reach: "outOfOrder" },
  "p-depth-up": { reach: "success" },
  "p-summary-depth": { reach: "summarizeSummary" },
  "p-reground-check": { reach: "regroundUnresolvable" },
  "p-refusal-nothing": { reach: "any" },
  "s-copy-all": { reach: "copiedUntaggedPrune" },
  "s-pointer-form": { reach: "extraFields" },
  "s-pointer-kind": { reach: "pointerLookalike" },
  "s-byte-exact": { reach: "staleNamed" },
  "s-absent-ids": { reach: "pruneAbsent" },
  "s-reevict": { reach: "prunePointer" },
  "s-empty": { reach: "emptyKey" },
  "s-surrogate": { notCheckable: "about how the reference's ContentStore names keys; a pruner never makes keys (content-store.test.ts)" },
  "s-tag-set": { reach: "copiedProtectedPrune" },
  "s-tag-match": {
    notCheckable:
      "matching tags more loosely only makes a pruner protect more spans, which no property may punish; the properties match exactly themselves (src/wire/tags.test.ts)",
  },
  "s-summarize-precondition": { reach: "summarizeProtected" },
  "s-summary-tag-dups": { notCheckable: `${REFERENCE}: summary-keeps-tags compares tags as a set` },
  "s-unexternalized": { reach: "derivedUngrounded" },
  "s-noop-depth": { notCheckable: `${REFERENCE}: depth-bound lets an unchanged window keep its depth` },
  "s-depth-one": { reach: "summarizeSummary" },
  "s-derived-summarize": { reach: "derivedUngroundedSummarize" },
  "s-reground-originals": { reach: "regroundOriginals" },
  "s-rehydrated-kind": { notCheckable: `${REFERENCE}: an absent kind reads as original on the wire` },
  "s-pointer-trust": { notCheckable: "a trust, not a demand: the text a pointer replaced is gone, so nothing can check it" },
  "s-provenance-order": { reach: "outOfOrder" },
  "s-summary-place": { reach: "outOfOrder" },
  "s-summary-id": { reach: "takenSummaryId" },
  "s-source-extras": { notCheckable: `${REFERENCE}: no property forbids carrying the sources' extra fields onto a summary` },
  "s-destructive": { reach: "unresolvedSummary" },
  "s-name-first": { notCheckable: `${REFERENCE}: loud-refusal accepts any span at fault with a code that fits it` },
  "s-failed-write": { notCheckable: LIBRARY },
  "s-mutate-who": { notCheckable: LIBRARY },
  "s-mutate-reason": { notCheckable: LIBRARY },
  "s-mutate-tags": { notCheckable: LIBRARY },
  "s-recency": { reach: "compactOver" },
  "s-pointer-size": { reach: "compact" },
};
