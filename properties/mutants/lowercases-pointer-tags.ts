/**
 * Fault: the pointer left for an evicted span carries its tags lowercased ("normalized").
 * Breaks: "spans tagged `invariant` or `precondition` are evictable only to a side store" — tags are the
 * retention policy, and a pruner that rewrites them is authoring that policy ("The pruner is not the sole
 * author of the retention policy"). Lowercasing also turns the ordinary tag `Invariant` into a
 * precondition tag, and would turn any future uppercase precondition tag into an ordinary one.
 * Must be caught by: pointer-not-paraphrase (a precondition span's pointer with other tags); at strict
 * externalize-everything for any span.
 */
import { pruneAlteringNewPointers } from "./_internals/new-pointers.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const lowercasesPointerTags = defineMutant({
  id: "lowercases-pointer-tags",
  description: "lowercases the tags of every new pointer",
  level: "core",
  expectedProperties: ["pointer-not-paraphrase"],
  breaks: ["p-strings-exact"],
  pruner: alterReference("lowercases-pointer-tags", {
    prune: pruneAlteringNewPointers((pointer) => ({ ...pointer, tags: pointer.tags.map((tag) => tag.toLowerCase()) })),
  }),
});
