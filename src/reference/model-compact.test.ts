import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelScriptArb } from "../arbitraries/model-answer.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import { scriptedModel } from "../llm/scripted-model.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";
import { windowSize } from "../wire/budget.ts";
import { isPreconditionBearing } from "../wire/tags.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { compactWithModel } from "./model-compact.ts";
import { frozenStore, frozenWindow, original, summarySpan } from "./test-helpers.ts";

const schema = original("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", "k1", { tags: ["constraint"] });
const log = original("s2", "ran the migration on staging; 1,204 rows touched, 0 errors, took 3.2 s", "k2");
const plan = original("s3", "next: backfill orders.total_cents, then drop the old column", "k3");
const store = frozenStore({ k1: schema.text, k2: log.text, k3: plan.text });
const window = frozenWindow([schema, log, plan]);
const budget = { unit: "chars" as const, limit: windowSize(window, "chars") - 40 };

async function compactWith(script: readonly ModelAnswerSpec[], input: Window = window, inputStore: Store = store) {
  const { model, exchanges } = scriptedModel(script, input);
  const result = await compactWithModel(input, inputStore, budget, model).catch((error: unknown) => error);
  return { result, exchanges };
}

describe("compactWithModel: the reference model-driven compactor", () => {
  it("names its summary by an id no span of the window has and no provenance entry names ([p-new-span-id])", async () => {
    const earlier = summarySpan("s0", "read the schema", [{ span_id: "s2~summary", externalized_key: "k1" }]);
    const input = frozenWindow([earlier, log, plan]);
    const { model } = scriptedModel([{ kind: "faithful" }, { kind: "faithful" }], input);
    const result = await compactWithModel(input, store, { unit: "chars", limit: windowSize(input, "chars") - 60 }, model);
    expect(result.spans.filter((span) => kindOf(span) === "summary").map((span) => span.span_id)).toEqual(["s0", "s2~summary'"]);
  });

  it("leaves a window within budget alone, without asking the model", async () => {
    const { model, exchanges } = scriptedModel([], window);
    const result = await compactWithModel(window, store, { unit: "chars", limit: 10_000 }, model);
    expect(result).toEqual({ spans: window.spans, derivation_depth: 1 });
    expect(exchanges).toEqual([]);
  });

  it("replaces what the model chose with the model's summary, carrying provenance it computes itself, where the first source stood", async () => {
    const { result, exchanges } = await compactWith([
      { kind: "choose", pick: "everything" },
      { kind: "text", text: "ran the migration; plan: backfill" },
    ]);
    expect(exchanges.map((exchange) => exchange.call)).toEqual([
      { kind: "choose", span_ids: ["s1", "s2", "s3"], budget },
      { kind: "summarize", span_ids: ["s2", "s3"] },
    ]);
    expect(result).toEqual({
      spans: [
        schema,
        summarySpan("s2~summary", "ran the migration; plan: backfill", [
          { span_id: "s2", externalized_key: "k2" },
          { span_id: "s3", externalized_key: "k3" },
        ]),
      ],
      derivation_depth: 1,
    });
  });

  it("drops the model's summary when it stands in the way of a budget its sources' pointers meet", async () => {
    const input = frozenWindow([log, plan]);
    const { model, exchanges } = scriptedModel([{ kind: "faithful" }, { kind: "text", text: "x".repeat(60) }], input);
    const result = await compactWithModel(input, store, { unit: "chars", limit: 50 }, model);
    expect(exchanges.map((exchange) => exchange.call.kind)).toEqual(["choose", "summarize"]);
    expect(result.spans.map((span) => [span.span_id, kindOf(span)])).toEqual([
      ["s2", "pointer"],
      ["s3", "pointer"],
    ]);
  });

  it("never lets the model's 'redundant' paraphrase a precondition span: it stays, or leaves only as a pointer", async () => {
    const { result } = await compactWith([{ kind: "choose", pick: "preconditions" }]);
    const spans = (result as Window).spans;
    expect(spans.find((span) => span.span_id === "s1")).toMatchObject({ kind: "pointer", externalized_key: "k1", tags: ["constraint"] });
    expect(spans.every((span) => kindOf(span) !== "summary")).toBe(true);
  });

  it("ignores the spans the model claims to have covered, and an id it invents", async () => {
    const { result } = await compactWith([
      { kind: "claims", provenance: "invented" },
      { kind: "claims", provenance: "partial" },
    ]);
    const summary = (result as Window).spans.find((span) => kindOf(span) === "summary");
    expect(summary?.provenance).toEqual([
      { span_id: "s2", externalized_key: "k2" },
      { span_id: "s3", externalized_key: "k3" },
    ]);
  });

  it.each<[string, ModelAnswerSpec[]]>([
    ["an error in choosing", [{ kind: "error", message: "Error: 429 Too Many Requests" }]],
    ["a timeout in summarizing", [{ kind: "faithful" }, { kind: "timeout" }]],
    ["an empty summary", [{ kind: "faithful" }, { kind: "empty" }]],
  ])("refuses loudly and typed on %s, leaving the window as it was", async (_label, script) => {
    const { result } = await compactWith(script);
    expect(result).toBeInstanceOf(UnrecoverablePruneError);
    expect(result).toMatchObject({ code: "model_failed", span_id: null });
  });

  it("lets an error that is not the model's own failure through, rather than calling it a refusal", async () => {
    const broken = { summarize: async () => ({ text: "" }), choose: async () => Promise.reject(new TypeError("not a model failure")) };
    await expect(compactWithModel(window, store, budget, broken)).rejects.toThrow(TypeError);
  });

  it("leaves a window exactly at its budget alone: fitting means at most the limit", async () => {
    const { model, exchanges } = scriptedModel([], window);
    const result = await compactWithModel(window, store, { unit: "chars", limit: windowSize(window, "chars") }, model);
    expect(result.spans).toEqual(window.spans);
    expect(exchanges).toEqual([]);
  });

  it("gives the summary its sources' tags, and an id of its own that no span has", async () => {
    const tagged = original("s2", log.text, "k2", { tags: ["diff", "tool_output"] });
    const taken = original("s2~summary", "a span that already has the id", null);
    const input = frozenWindow([taken, schema, tagged, plan]);
    const { model } = scriptedModel(
      [
        { kind: "choose", pick: "everything" },
        { kind: "text", text: "short" },
      ],
      input,
    );
    const result = await compactWithModel(input, store, { unit: "chars", limit: windowSize(input, "chars") - 40 }, model);
    expect(result.spans.find((span) => kindOf(span) === "summary")).toMatchObject({ span_id: "s2~summary'", tags: ["diff", "tool_output"] });
  });

  it("drops a summary exactly the size of its sources: it saves nothing", async () => {
    const short = frozenWindow([original("a", "twelve chars", "ka"), original("b", "other twelve", "kb"), schema]);
    const shortStore = frozenStore({ ka: "twelve chars", kb: "other twelve", k1: schema.text });
    // "twelve chars\nother twelve" is one character longer than the two texts; a text of their combined length is no smaller.
    const { model } = scriptedModel(
      [
        { kind: "choose", pick: "everything" },
        { kind: "text", text: "x".repeat(24) },
      ],
      short,
    );
    const result = await compactWithModel(short, shortStore, { unit: "chars", limit: windowSize(short, "chars") - 10 }, model);
    expect(result.spans.map((span) => kindOf(span))).not.toContain("summary");
  });

  it("says why it refused: the model's failure with its code and message, or its empty summary", async () => {
    const failed = await compactWith([{ kind: "error", message: "Error: 429 Too Many Requests" }]);
    expect((failed.result as Error).message).toBe("window: the model failed (error: Error: 429 Too Many Requests), so nothing was changed [model_failed]");
    const blank = await compactWith([{ kind: "faithful" }, { kind: "text", text: " \n\t " }]);
    expect((blank.result as Error).message).toBe("window: the model's summary was empty, so nothing was changed [model_failed]");
  });

  it("drops a summary no smaller than its sources and evicts them to pointers instead", async () => {
    const { result } = await compactWith([{ kind: "faithful" }, { kind: "bloated" }]);
    expect((result as Window).spans.map((span) => kindOf(span))).not.toContain("summary");
    expect(windowSize(result as Window, "chars")).toBeLessThanOrEqual(budget.limit);
  });

  it("never summarizes a summary or a pointer again", async () => {
    const earlier = summarySpan("s0", "an earlier summary", [{ span_id: "s9", externalized_key: "k9" }]);
    const withSummary = frozenWindow([earlier, schema, log, plan]);
    const { model, exchanges } = scriptedModel([{ kind: "choose", pick: "everything" }], withSummary);
    const limit = windowSize(withSummary, "chars") - 40;
    await compactWithModel(withSummary, frozenStore({ k1: schema.text, k2: log.text, k3: plan.text, k9: "the source" }), { unit: "chars", limit }, model);
    expect(exchanges[0]?.call.span_ids).toEqual(["s1", "s2", "s3"]);
    expect(exchanges[1]?.call.span_ids).toEqual(["s2", "s3"]);
  });
});

/** Windows of the three spans above and a few more, some without a copy, some with a stale one. */
const windowArb = fc
  .array(
    fc.record({
      text: fc.constantFrom(schema.text, log.text, plan.text, `${log.text}\n`.repeat(4), "as of commit abc123", "", "[externalized: k1]"),
      precondition: fc.constantFrom(false, false, true),
      copy: fc.constantFrom("exact", "exact", "exact", "stale", "none"),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((drawn) => {
    const entries: [string, string][] = [];
    const spans = drawn.map(({ text, precondition, copy }, index): Span => {
      const key = copy === "none" ? null : `k${index}`;
      if (key !== null) entries.push([key, copy === "exact" ? text : `${text} `]);
      return original(`s${index}`, text, key, precondition ? { tags: ["negative_result"] } : {});
    });
    return { window: frozenWindow(spans), store: frozenStore(entries) };
  });

describe("compactWithModel holds the seed's guards whatever the model answers", () => {
  it("refuses, or returns a window within budget that keeps every precondition span or its resolvable pointer, never the model's error text", async () => {
    // What the runs met, so that the guards are shown to hold on summaries and refusals, not only on no-ops.
    const met = { summaries: 0, modelFailed: 0, pointers: 0 };
    await fc.assert(
      fc.asyncProperty(windowArb, modelScriptArb, fc.double({ min: 0.5, max: 1, noNaN: true }), async ({ window: input, store: inputStore }, script, share) => {
        // The budget as half to all of the window: over it, and within reach about half the time.
        const limit = Math.floor(windowSize(input, "chars") * share);
        const { model } = scriptedModel(script, input);
        const result = await compactWithModel(input, inputStore, { unit: "chars", limit }, model).catch((error: unknown) => error);
        if (result instanceof UnrecoverablePruneError) {
          if (result.code === "model_failed") met.modelFailed++;
          return;
        }
        const output = result as Window;
        if (output.spans.some((span) => kindOf(span) === "summary")) met.summaries++;
        if (output.spans.some((span) => kindOf(span) === "pointer")) met.pointers++;
        expect(windowSize(output, "chars")).toBeLessThanOrEqual(limit);
        const after = new Map(output.spans.map((span) => [span.span_id, span]));
        for (const span of input.spans.filter(isPreconditionBearing)) {
          const kept = after.get(span.span_id);
          if (kindOf(kept ?? span) === "pointer") expect(inputStore[kept?.externalized_key as string]).toBe(span.text);
          else expect(kept).toEqual(span);
        }
        for (const spec of script) if (spec.kind === "error") expect(output.spans.some((span) => span.text.includes(spec.message))).toBe(false);
        // A summary's sources resolve byte-exact, and none of them stays beside it.
        for (const summary of output.spans.filter((span) => kindOf(span) === "summary")) {
          for (const entry of summary.provenance ?? []) {
            const source = input.spans.find((span) => span.span_id === entry.span_id) as Span;
            expect(inputStore[entry.externalized_key]).toBe(source.text);
            expect(after.has(entry.span_id)).toBe(false);
          }
        }
        // A fixed point: compacted again under the same budget, whatever the model says, no span changes (or,
        // the result being derived, a span without a copy has it refused).
        const again = await compactWithModel(output, inputStore, { unit: "chars", limit }, scriptedModel(script, output).model).catch(
          (error: unknown) => error,
        );
        if (again instanceof UnrecoverablePruneError) expect(again.code).toBe("derived_ungrounded");
        else expect((again as Window).spans).toEqual(output.spans);
      }),
      { numRuns: 300, seed: 32 },
    );
    expect(met.summaries).toBeGreaterThan(10);
    expect(met.modelFailed).toBeGreaterThan(10);
    expect(met.pointers).toBeGreaterThan(10);
  });
});
