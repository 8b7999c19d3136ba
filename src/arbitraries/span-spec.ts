import fc from "fast-check";
import { PRECONDITION_TAGS } from "../wire/tags.ts";
import type { CopyMode, SpanSpec } from "../models/world.ts";
import { POINTER_LOOKALIKES, pastCapArb, textArb } from "./text.ts";

const preconditionTag = fc.constantFrom(...PRECONDITION_TAGS);
/** Near misses: not precondition tags on the wire, though a case-folding pruner would think so. */
const lookalikeTag = fc.constantFrom("Invariant", "CONSTRAINT", "negative-result", "Scope_Qualifier", " precondition", "precondition ");
const ordinaryTag = fc.constantFrom("diff", "plan", "exploratory", "tool_output", "superseded", "");

export const tagsArb: fc.Arbitrary<string[]> = fc.array(
  fc.oneof({ weight: 3, arbitrary: preconditionTag }, { weight: 1, arbitrary: lookalikeTag }, { weight: 2, arbitrary: ordinaryTag }),
  { maxLength: 4 },
);

/** Short ids read well in a shrunk report; odd ones break pruners that build ids into strings or keys. */
export const spanIdArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 9 }).map((n) => `s${n}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('s"q"', "s\\b", "s\nnl", "__proto__", "toString", "constructor", "span with spaces", "ünï", "🧩", "0"),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }) },
);

/** Few marks, so a selector names a handful of spans of a big window and often exactly one of a small one. */
export const markArb = fc.nat({ max: 3 });

const copyArb: fc.Arbitrary<CopyMode> = fc.constantFrom("honest", "none", "stale", "missing");

/** Extra fields real runtimes hang on context entries; a pruner must carry them through untouched. */
const extraArb = fc.option(
  fc.record({ x_meta: fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.array(fc.boolean(), { maxLength: 2 })) }),
  { freq: 4 },
);

const specFields = {
  id: spanIdArb,
  text: textArb,
  tags: tagsArb,
  copy: copyArb,
  drift: fc.nat({ max: 8 }),
  mark: markArb,
  dependsOn: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.uniqueArray(markArb, { minLength: 1, maxLength: 2 }) }),
  extra: extraArb,
};

/** A span of the ordinary kind: tool output, plans, diffs, about 0.7 KB of text on average. */
const ordinarySpecArb: fc.Arbitrary<SpanSpec> = fc.record(specFields);

export const spanSpecArb: fc.Arbitrary<SpanSpec> = fc.oneof(
  { weight: 22, arbitrary: ordinarySpecArb },
  // The seed's schema dump, long and re-read after it changed: output past a cap on length whose stored
  // copy is a near miss, which differs from it only at its end for a suffix or a cut (see `nearMiss`).
  // Only a pruner that compares all of both texts tells them apart.
  { weight: 3, arbitrary: fc.record({ ...specFields, text: pastCapArb, copy: fc.constant("stale" as const) }) },
  // Tool output that prints a pointer marker, under a key that resolves to another text: read as a
  // pointer it looks resolvable, yet evicting it is owed a refusal, which only a pruner that takes kind,
  // not text, for what makes a pointer gives ([p-pointer-kind]). From textArb's traps alone about one span
  // in 70 was such a lookalike under a stale key, too rare for a default run to name one alone at fault in
  // a prune (pointer-by-text caught at 7 of 20 seeds); at about one in nine, 19 (bench/catch-rate.ts).
  { weight: 3, arbitrary: fc.record({ ...specFields, text: fc.constantFrom(...POINTER_LOOKALIKES), copy: fc.constant("stale" as const) }) },
);

/**
 * An ordinary span as a runtime that externalizes on arrival keeps it: stored honestly, or not yet. With
 * stale and missing copies as common as in small windows, each of a thousand-span window's hundreds held a
 * span no store entry restores, so its every reduction was refused (a prune names a quarter of the window;
 * a derived window must resolve whole) and a fault of size showed in about one big-window run in four.
 * Stale and missing copies still come to big windows through the environment's corruptions.
 */
const arrivedSpecArb: fc.Arbitrary<SpanSpec> = fc.record({ ...specFields, copy: fc.constantFrom("honest" as const, "none" as const) });

/** The most spans a big-window run's window holds from its big batch (see bigBatchArb and AddSpans). */
export const BIG_WINDOW_SPANS = 3000;

/** Spans appended at once: mostly a few (faults show up in small windows), sometimes a 40-plus-span window. */
export const spanBatchArb: fc.Arbitrary<SpanSpec[]> = fc.oneof(
  { weight: 6, arbitrary: fc.array(spanSpecArb, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.array(spanSpecArb, { maxLength: 48, size: "max" }) },
);

/**
 * A real context's size: hundreds to a few thousand spans, about a megabyte of text, appended at once. Faults
 * of fixed-size buffers, quadratic scans and per-line caps show only here. Each position is an option that
 * is almost never empty when generated, so the shrinker can drop any span of the window, not only the
 * newest: a fault at span 257 shrinks to 257 spans, whatever else the window held. Its spans are the
 * ordinary kind only (about 0.7 KB of text each): with spanSpecArb's stale schema dumps, one span in twelve
 * is 1 to 64 KiB long and a batch carried up to 9 MB, so every request of a run was tens of megabytes.
 * Texts past every cap are met in small windows, where they cost little. Copies are as arrivedSpecArb keeps them.
 */
export const bigBatchArb: fc.Arbitrary<SpanSpec[]> = fc
  .array(fc.option(arrivedSpecArb, { nil: null, freq: 1_000_000 }), { minLength: 200, maxLength: BIG_WINDOW_SPANS, size: "max" })
  .map((specs) => specs.filter((spec): spec is SpanSpec => spec !== null));
