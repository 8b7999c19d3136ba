/**
 * Fault: the drop-untagged pruner (legal at core, see drops-untagged-evicted) with the seed snippet's tag
 * set, which forgets `precondition`: a span tagged only `precondition` is dropped like a diff.
 * Breaks: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a
 * paraphrase" — the prose names the tag the snippet's PRECONDITION_TAGS leaves out.
 * Must be caught by: pointer-not-paraphrase (no pointer left), also precondition-recoverable.
 */
import type { Span } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";
import { pruneDroppingUntagged } from "./_internals/untagged-drop.ts";

/** The snippet's `PRECONDITION_TAGS`, verbatim. */
const SEED_SNIPPET_TAGS: ReadonlySet<string> = new Set(["invariant", "constraint", "negative_result", "scope_qualifier"]);

export const forgetsPreconditionTag = defineMutant({
  id: "forgets-precondition-tag",
  description: "drops evicted spans untagged by the seed snippet's PRECONDITION_TAGS, which lacks `precondition`",
  level: "core",
  expectedProperties: ["pointer-not-paraphrase", "precondition-recoverable"],
  breaks: ["s-tag-set"],
  pruner: alterReference("forgets-precondition-tag", {
    prune: pruneDroppingUntagged((span: Span) => span.tags.some((tag) => SEED_SNIPPET_TAGS.has(tag))),
  }),
});
