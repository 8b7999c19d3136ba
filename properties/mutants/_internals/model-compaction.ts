import { ModelFailure } from "../../../src/errors/model-failure.ts";
import type { Model } from "../../../src/llm/model.ts";
import { compact, compactWithModel } from "../../../src/reference/index.ts";
import type { Pruner } from "../../../src/transport/pruner.ts";
import type { Budget } from "../../../src/wire/protocol.ts";
import type { Span, Store, Window } from "../../../src/wire/window.ts";
import { kindOf } from "../../../src/wire/window.ts";

type ModelCompaction = (window: Window, store: Store, budget: Budget, model: Model) => Promise<Window>;

/** A compact that does `run` when handed the harness's model, and the reference's compaction without one. */
export function withModel(run: ModelCompaction): NonNullable<Pruner["compact"]> {
  return (window, store, budget, model) => (model === undefined ? compact(window, store, budget) : run(window, store, budget, model));
}

/**
 * The reference's model-driven compaction with its answer passed through `alter`, told which spans are new
 * (the summaries it wrote): for mutants whose one fault is what becomes of the window once compacted.
 */
export function alteringCompaction(alter: (compacted: Window, isNew: (span: Span) => boolean) => Window): NonNullable<Pruner["compact"]> {
  return withModel(async (window, store, budget, model) => {
    const had = new Set(window.spans.map((span) => span.span_id));
    return alter(await compactWithModel(window, store, budget, model), (span) => !had.has(span.span_id));
  });
}

/** The same, with each summary it wrote passed through `alter`. */
export function alteringSummaries(alter: (summary: Span) => Span): NonNullable<Pruner["compact"]> {
  return alteringCompaction((compacted, isNew) => ({
    ...compacted,
    spans: compacted.spans.map((span) => (isNew(span) && kindOf(span) === "summary" ? alter(span) : span)),
  }));
}

/**
 * The model with its failures answered by `instead` rather than thrown: what a careless pruner's client
 * wrapper does with an error it does not want to handle.
 */
export function swallowingFailures(model: Model, instead: { readonly summary: string; readonly choice: (spanIds: readonly string[]) => string[] }): Model {
  const swallow =
    <T>(fallback: () => T) =>
    (error: unknown): T => {
      if (!(error instanceof ModelFailure)) throw error;
      return fallback();
    };
  return {
    summarize: (spanIds, prompt) => model.summarize(spanIds, prompt).catch(swallow(() => ({ text: instead.summary }))),
    choose: (spanIds, options) => model.choose(spanIds, options).catch(swallow(() => instead.choice(spanIds))),
  };
}
