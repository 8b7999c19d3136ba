/**
 * Fault: reground "refreshes" originals too: an original whose key holds another text in the store gets
 * the store's text, as if the store were newer than the window.
 * Breaks: "[s-reground-originals] it does not touch originals, even stale or unexternalized ones" — an
 * original in the window is its own source of truth; overwriting it from a stale copy is a silent edit.
 * Must be caught by: kept-untouched.
 */
import { reground } from "../../src/reference/index.ts";
import { kindOf, type Store, type Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const regroundRefreshesOriginals = defineMutant({
  id: "reground-refreshes-originals",
  description: "rewrites an original whose key holds other text with the store's text when it regrounds",
  level: "core",
  expectedProperties: ["kept-untouched"],
  breaks: ["s-reground-originals"],
  pruner: alterReference("reground-refreshes-originals", {
    reground(window: Window, store: Store) {
      const grounded = reground(window, store);
      const fresher = (key: string | null) => (key !== null && Object.hasOwn(store, key) ? store[key] : undefined);
      return {
        ...grounded,
        spans: grounded.spans.map((span) => {
          const text = kindOf(span) === "original" ? fresher(span.externalized_key) : undefined;
          return text === undefined ? span : { ...span, text };
        }),
      };
    },
  }),
});
