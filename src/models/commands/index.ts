import fc from "fast-check";
import { summaryTextArb } from "../../arbitraries/text.ts";
import { BIG_WINDOW_SPANS, bigBatchArb, markArb, spanBatchArb } from "../../arbitraries/span-spec.ts";
import type { Harness } from "../harness.ts";
import type { World } from "../world.ts";
import { AddSpans, Corrupt, Externalize } from "./environment.ts";
import { Compact, PressurePrunes, Prune, Reground, Summarize, SummarizeWithModel } from "./operations.ts";
import { selectorArb } from "./selector.ts";
import { modelScriptArb } from "../../arbitraries/model-answer.ts";

export { AddSpans, Corrupt, Externalize } from "./environment.ts";
export { Compact, PressurePrunes, Prune, Reground, Summarize, SummarizeWithModel } from "./operations.ts";

/**
 * Every command the model knows. Commands for capabilities an implementation lacks are generated anyway
 * (skipped by their `check`, or for summarize done by the runtime), so one seed means the same scenario
 * whatever is declared.
 */
export const commandArbs: fc.Arbitrary<fc.AsyncCommand<World, Harness>>[] = [
  // minLength 0 although an empty add is skipped: fast-check cannot shrink a minLength-1 array's last
  // element away while an earlier one stays, which left an unrelated trailing span in counterexamples.
  spanBatchArb.map((specs) => new AddSpans(specs)),
  spanBatchArb.map((specs) => new AddSpans(specs)),
  selectorArb.map((selector) => new Externalize(selector)),
  fc
    .tuple(fc.constantFrom("edit-text", "missing-key", "foreign-key", "rebind-store", "delete-store" as const), markArb, fc.nat({ max: 8 }))
    .map(([corruption, mark, variant]) => new Corrupt(corruption, mark, variant)),
  // The store losing what only a pointer or a summary's provenance resolves (a cache evicting, a TTL), as
  // often as any other command: one corruption in five, it came before a reground of the pointer it
  // stranded in under one scenario in a hundred, and before any request holding such a summary in one.
  fc.tuple(markArb, fc.nat({ max: 8 })).map(([mark, variant]) => new Corrupt("delete-store", mark, variant)),
  selectorArb.map((selector) => new Prune(selector)),
  selectorArb.map((selector) => new Prune(selector)),
  fc.array(selectorArb, { minLength: 2, maxLength: 4 }).map((rounds) => new PressurePrunes(rounds)),
  fc
    .tuple(
      selectorArb,
      summaryTextArb,
      fc.oneof({ weight: 8, arbitrary: fc.constant("fresh" as const) }, { weight: 1, arbitrary: fc.constantFrom("source" as const, "taken" as const) }),
    )
    .map(([selector, text, id]) => new Summarize(selector, text, id)),
  fc.constant(null).map(() => new Reground()),
  fc.tuple(fc.constantFrom("chars" as const, "tokens" as const), selectorArb).map(([unit, selector]) => new Compact(unit, selector)),
];

const bigBatch = bigBatchArb.map((specs) => new AddSpans(specs, BIG_WINDOW_SPANS));

/**
 * The same commands and one more: appending a real context's worth of spans at once (see bigBatchArb), listed
 * four times so that it usually comes early and most operations of the run meet it (once the window holds
 * one, later ones are skipped). Measured on keeps-last-256 (fails only past 256 spans), one big-window run
 * caught it under 17 of 40 seeds listed once, 24 twice, 26 four times, 20 ten times: past four, runs are
 * mostly skipped batches and hold too few operations. A set of its own rather than a branch of
 * spanBatchArb, so that every scenario of a seed without big windows stays what it was: reports, the corpus
 * and the catalog's shrunk windows keep replaying.
 */
export const bigWindowCommandArbs: fc.Arbitrary<fc.AsyncCommand<World, Harness>>[] = [...commandArbs, bigBatch, bigBatch, bigBatch, bigBatch];

const summarizeWithModel = fc.tuple(selectorArb, modelScriptArb).map(([selector, script]) => new SummarizeWithModel(selector, script));
const compactWithModel = fc
  .tuple(fc.constantFrom("chars" as const, "tokens" as const), selectorArb, modelScriptArb, fc.boolean())
  .map(([unit, selector, script, again]) => new Compact(unit, selector, script, again));

/**
 * For an implementation that declares `model`: the same commands, summaries it writes with the harness's
 * model and compactions it does with it, each listed twice so that most runs hold one. A set of its own,
 * like the big-window one, so that the scenarios of every other implementation stay what they were.
 */
export const modelCommandArbs: fc.Arbitrary<fc.AsyncCommand<World, Harness>>[] = [
  ...commandArbs,
  summarizeWithModel,
  summarizeWithModel,
  compactWithModel,
  compactWithModel,
];
export const modelBigWindowCommandArbs: fc.Arbitrary<fc.AsyncCommand<World, Harness>>[] = [...modelCommandArbs, bigBatch, bigBatch, bigBatch, bigBatch];
