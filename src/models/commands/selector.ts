import fc from "fast-check";
import type { Window } from "../../wire/window.ts";
import { kindOf } from "../../wire/window.ts";
import type { World } from "../world.ts";
import type { Harness } from "../harness.ts";
import { isProtected } from "../truth.ts";
import { markArb } from "../../arbitraries/span-spec.ts";

/**
 * Which spans an operation names, decided against the window as it is when the command runs (commands are
 * generated before the window exists). Spans are chosen by the mark they were generated with, never by
 * position: removing an unrelated span while shrinking must not change which spans a command names, or
 * the shrinker gets stuck on windows larger than the fault needs.
 */
export interface Selector {
  readonly mode: "marked" | "all" | "none" | "pointers" | "protected" | "unprotected";
  readonly marks: readonly number[];
  /** Also name this many ids that are in no window. */
  readonly absent: number;
  /** Name every id twice: the whole list, then the whole list again, so repeats are not side by side. */
  readonly repeat: boolean;
  /**
   * Name the spans against window order: `reversed`, or `rotated` (the first one last). Requests name ids
   * in any order, and what a reply puts where must follow window order, never the request's.
   */
  readonly order: "window" | "reversed" | "rotated";
  /** What the runtime honestly externalizes right before the request, as a careful runtime would. */
  readonly prepare: Preparation;
}

/**
 * `unkeyed`: every span in the window that has no key yet, trusting the keys already recorded, as a
 * runtime that externalizes on arrival and never looks again does. Stale and missing keys survive it, with
 * nothing else at fault beside them: the seed's re-read of a schema that had changed underneath.
 */
export type Preparation = "none" | "named" | "all" | "unkeyed";

/** Careless and careful runtimes alike: without preparation most requests are (rightly) refused. */
export const preparationArb: fc.Arbitrary<Preparation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant("none" as const) },
  { weight: 2, arbitrary: fc.constant("named" as const) },
  { weight: 1, arbitrary: fc.constant("all" as const) },
  { weight: 1, arbitrary: fc.constant("unkeyed" as const) },
);

export const selectorArb: fc.Arbitrary<Selector> = fc.record({
  // Cross-shrink: a counterexample found with a broad mode ("unprotected", say) may need only the marked
  // spans, and shrinking within a branch never leaves it. Generation draws the same values either way.
  mode: fc.oneof(
    { withCrossShrink: true },
    { weight: 6, arbitrary: fc.constant("marked" as const) },
    { weight: 1, arbitrary: fc.constantFrom("all" as const, "none" as const, "pointers" as const, "protected" as const, "unprotected" as const) },
  ),
  marks: fc.uniqueArray(markArb, { minLength: 1, maxLength: 2 }),
  absent: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }) }),
  repeat: fc.boolean(),
  order: fc.oneof({ weight: 2, arbitrary: fc.constant("window" as const) }, { weight: 1, arbitrary: fc.constantFrom("reversed" as const, "rotated" as const) }),
  prepare: preparationArb,
});

/** Externalizes what the preparation says, noting it in the trace; the store write precedes the request. */
export function prepare(world: World, harness: Harness, preparation: Preparation, named: readonly string[]): void {
  if (preparation === "none") return;
  const ids =
    preparation === "named" ? named : world.window.spans.filter((span) => preparation === "all" || span.externalized_key === null).map((span) => span.span_id);
  const externalized = world.externalize(new Set(ids));
  // A step that externalized nothing would read as an event in the story without being one.
  if (externalized.length > 0) harness.note(`the runtime externalizes ${showIds(externalized)} first`);
}

export function resolveSelector(selector: Selector, world: World): string[] {
  const ids = chosen(selector, world.window, world).map((span) => span.span_id);
  const named = ordered([...new Set(ids)], selector.order);
  for (let n = 0; n < selector.absent; n++) named.push(world.freshId("absent"));
  return selector.repeat ? [...named, ...named] : named;
}

function ordered(ids: string[], order: Selector["order"]): string[] {
  if (order === "reversed") return ids.reverse();
  return order === "rotated" ? [...ids.slice(1), ...ids.slice(0, 1)] : ids;
}

function chosen(selector: Selector, window: Window, world: World) {
  const spans = window.spans;
  switch (selector.mode) {
    case "marked":
      return spans.filter((span) => selector.marks.includes(world.markOf(span.span_id)));
    case "all":
      return spans;
    case "none":
      return [];
    case "pointers":
      return spans.filter((span) => kindOf(span) === "pointer");
    case "protected":
      return spans.filter((span) => isProtected(world.truth, span));
    case "unprotected":
      return spans.filter((span) => !isProtected(world.truth, span));
  }
}

export function showSelector(selector: Selector): string {
  const base = selector.mode === "marked" ? `marked ${selector.marks.join("|")}` : selector.mode;
  return `${base}${selector.absent > 0 ? `+${selector.absent} absent` : ""}${selector.order === "window" ? "" : `, ${selector.order}`}${selector.repeat ? " twice" : ""}${selector.prepare === "none" ? "" : `, externalize ${selector.prepare} first`}`;
}

export function showIds(ids: readonly string[]): string {
  return `[${ids.map((id) => JSON.stringify(id)).join(", ")}]`;
}
