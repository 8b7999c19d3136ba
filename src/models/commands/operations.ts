import type fc from "fast-check";
import type { Budget } from "../../wire/protocol.ts";
import { spanSize, windowSize } from "../../wire/budget.ts";
import { kindOf, type Span } from "../../wire/window.ts";
import { pointerText } from "../../reference/resolve.ts";
import { summarize } from "../../reference/summarize.ts";
import { UnrecoverablePruneError } from "../../errors/unrecoverable.ts";
import { operationsFor, summarizer } from "../input-space.ts";
import { summaryWrites } from "../analysis.ts";
import type { Harness } from "../harness.ts";
import { storeSnapshot } from "../harness.ts";
import type { World } from "../world.ts";
import type { Selector } from "./selector.ts";
import type { ModelAnswerSpec } from "../../llm/answer.ts";
import { prepare, resolveSelector, showIds, showSelector } from "./selector.ts";

/** Asks the pruner to evict spans, adversarially: absent ids, repeats, everything, nothing, pointers again. */
export class Prune implements fc.AsyncCommand<World, Harness> {
  constructor(readonly selector: Selector) {}
  check = () => true;
  async run(world: World, harness: Harness) {
    await prune(world, harness, this.selector);
  }
  toString = () => `prune(${showSelector(this.selector)})`;
}

/** Budget pressure: several prunes in a row, each on the window the last one returned. */
export class PressurePrunes implements fc.AsyncCommand<World, Harness> {
  constructor(readonly rounds: readonly Selector[]) {}
  check = () => true;
  async run(world: World, harness: Harness) {
    for (const selector of this.rounds) await prune(world, harness, selector);
  }
  toString = () => `pressure(${this.rounds.map(showSelector).join(" | ")})`;
}

/**
 * Which id a summarize asks for: a fresh one, or (adversarially) one a span of the window already has, one
 * of the sources or another span, which an honest pruner must refuse (`duplicate_span_id`).
 */
export type SummaryId = "fresh" | "source" | "taken";

/**
 * A summary of the selected spans. An implementation that declares `summarize` is asked for it; for one
 * that does not, the runtime around it summarizes (as the reference does), since its windows may hold
 * summaries another component wrote (see ../input-space.ts).
 */
export class Summarize implements fc.AsyncCommand<World, Harness> {
  constructor(
    readonly selector: Selector,
    readonly text: string,
    readonly id: SummaryId = "fresh",
  ) {}
  check = () => true;
  async run(world: World, harness: Harness) {
    const span_ids = resolveSelector(this.selector, world);
    prepare(world, harness, this.selector.prepare, span_ids);
    const ids = world.window.spans.map((span) => span.span_id);
    const taken = this.id === "source" ? ids.find((id) => span_ids.includes(id)) : this.id === "taken" ? ids.find((id) => !span_ids.includes(id)) : undefined;
    const summary_id = taken ?? world.freshId("sum");
    const label = `summarize ${showIds(span_ids)} as ${JSON.stringify(summary_id)}`;
    if (summarizer(world.capabilities) === "runtime") return runtimeSummarize(world, harness, label, span_ids, summary_id, this.text);
    const outcome = await harness.exchange(world, label, {
      op: "summarize",
      window: world.window,
      span_ids,
      summary_id,
      summary_text: this.text,
      store: storeSnapshot(world.store),
    });
    // A summary under a taken id is a violation in itself; learning it would overwrite what the harness
    // knows of the span whose id it took.
    const summary = outcome.ok && taken === undefined ? outcome.window.spans.find((span) => span.span_id === summary_id) : undefined;
    if (summary !== undefined) world.learnSummary(summary, span_ids);
  }
  toString = () => `summarize(${showSelector(this.selector)}${this.id === "fresh" ? "" : `, as a ${this.id} id`})`;
}

/**
 * A summary the implementation writes itself with the harness's model (it declares `model`): the request
 * carries no text, and the model answers the implementation's calls from `script`, adversarially.
 */
export class SummarizeWithModel implements fc.AsyncCommand<World, Harness> {
  constructor(
    readonly selector: Selector,
    readonly script: readonly ModelAnswerSpec[],
  ) {}
  check = (world: Readonly<World>) => world.capabilities.includes("model") && operationsFor(world.capabilities).includes("summarize");
  async run(world: World, harness: Harness) {
    const span_ids = resolveSelector(this.selector, world);
    prepare(world, harness, this.selector.prepare, span_ids);
    const summary_id = world.freshId("sum");
    const call = { op: "summarize" as const, window: world.window, span_ids, summary_id, store: storeSnapshot(world.store) };
    const outcome = await harness.exchange(world, `summarize ${showIds(span_ids)} as ${JSON.stringify(summary_id)} with the model`, call, this.script);
    const summary = outcome.ok ? outcome.window.spans.find((span) => span.span_id === summary_id) : undefined;
    if (summary !== undefined) world.learnSummary(summary, span_ids);
  }
  toString = () => `summarizeWithModel(${showSelector(this.selector)}, ${this.script.map(showAnswer).join(" ")})`;
}

/** An answer of the model's script, short: `faithful`, `paraphrase:drop-scope`, `error`. */
function showAnswer(spec: ModelAnswerSpec): string {
  return spec.kind === "paraphrase"
    ? `paraphrase:${spec.change}`
    : spec.kind === "claims"
      ? `claims:${spec.provenance}`
      : spec.kind === "choose"
        ? `choose:${spec.pick}`
        : spec.kind === "sloppy"
          ? `sloppy:${[spec.order, spec.repeat ? "repeat" : "once", spec.stray, spec.dress, spec.length].join("/")}`
          : spec.kind;
}

/** The runtime's own summarize: honest, so it refuses (and changes nothing) where the reference would. */
function runtimeSummarize(world: World, harness: Harness, label: string, spanIds: string[], summaryId: string, text: string): void {
  try {
    world.window = summarize(world.window, spanIds, summaryId, text, world.store);
  } catch (error) {
    if (!(error instanceof UnrecoverablePruneError)) throw error;
    harness.note(`the runtime would ${label}, but refuses (${error.code})`);
    return;
  }
  harness.note(`the runtime does: ${label}`);
  world.learnSummary(world.window.spans.find((span) => span.span_id === summaryId) as Span, spanIds);
}

export class Reground implements fc.AsyncCommand<World, Harness> {
  check = (world: Readonly<World>) => operationsFor(world.capabilities).includes("reground");
  async run(world: World, harness: Harness) {
    await harness.exchange(world, "reground", { op: "reground", window: world.window, store: storeSnapshot(world.store) });
  }
  toString = () => "reground";
}

/**
 * Budget-driven compaction: the implementation picks what goes. The budget is what evicting the selected
 * spans to keyless reference-style markers would reach (all: about as small as pointers allow; none: it
 * fits already); keyless, so that the budget does not move with the store's key naming.
 * Derived from a selection rather than from the window's total size, so that shrinking away an unrelated
 * span leaves the budget's demand unchanged and counterexamples shrink to the spans that matter.
 *
 * For a compactor that declares `model`, the harness's model answers its calls from `script`, and with
 * `again` the result is compacted a second time under the same budget: what a runtime does on its next
 * call, where a compaction that does not converge re-derives the window (compaction-converges).
 */
export class Compact implements fc.AsyncCommand<World, Harness> {
  constructor(
    readonly unit: Budget["unit"],
    readonly selector: Selector,
    readonly script?: readonly ModelAnswerSpec[],
    readonly again = false,
  ) {}
  check = (world: Readonly<World>) => operationsFor(world.capabilities).includes("compact");
  async run(world: World, harness: Harness) {
    // No preparation: which spans drive the budget and which have copies stay independent choices. Except
    // for a model-driven compaction, where the runtime externalizes everything first, as the seed's recipe
    // has it: the model's answers are what is on trial, and they matter only once there is something a
    // compactor may summarize (a copied span in a grounded window). Measured over 200 runs, this took the
    // runs in which a compaction wrote a summary from 8 to 34; faulty copies meet it in plain compacts.
    const ids = resolveSelector(this.selector, world);
    if (this.script !== undefined) prepare(world, harness, "all", ids);
    const named = new Set(ids);
    const saving = world.window.spans
      .filter((span) => named.has(span.span_id) && kindOf(span) !== "pointer")
      .reduce((sum, span) => sum + Math.max(0, spanSize(span, this.unit) - spanSize({ text: pointerText("") }, this.unit)), 0);
    const budget = { unit: this.unit, limit: Math.max(0, windowSize(world.window, this.unit) - saving) };
    const with_ = this.script === undefined ? "" : " with the model";
    const first = await compact(world, harness, `compact to ${budget.limit} ${budget.unit}${with_}`, budget, this.script);
    if (first && this.again) await compact(world, harness, `compact the result again to ${budget.limit} ${budget.unit}${with_}`, budget, this.script);
  }
  toString = () =>
    `compact(${showSelector(this.selector)}, ${this.unit}${this.script === undefined ? "" : `, ${this.script.map(showAnswer).join(" ") || "faithful"}`}${this.again ? ", again" : ""})`;
}

/** One compact of the world's window; the summaries it wrote become facts the harness knows. True when it succeeded. */
async function compact(world: World, harness: Harness, label: string, budget: Budget, script?: readonly ModelAnswerSpec[]): Promise<boolean> {
  const call = { op: "compact" as const, window: world.window, store: storeSnapshot(world.store), budget };
  const outcome = await harness.exchange(world, label, call, script);
  for (const { summary } of summaryWrites({ call, outcome })) if (summary !== undefined) world.learn(summary);
  return outcome.ok;
}

async function prune(world: World, harness: Harness, selector: Selector) {
  const evict_ids = resolveSelector(selector, world);
  prepare(world, harness, selector.prepare, evict_ids);
  await harness.exchange(world, `prune ${showIds(evict_ids)}`, { op: "prune", window: world.window, evict_ids, store: storeSnapshot(world.store) });
}
