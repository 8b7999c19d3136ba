import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelAnswer, type ModelCall } from "../wire/model.ts";
import type { Span } from "../wire/window.ts";
import { modelAnswerSpecArb, modelScriptArb } from "../arbitraries/model-answer.ts";
import { ModelFailure } from "../errors/model-failure.ts";
import { answerCall, TIMEOUT_MESSAGE, type ModelAnswerSpec } from "./answer.ts";
import { scriptedModel } from "./scripted-model.ts";

const span = (span_id: string, text: string, tags: string[] = []): Span => ({ span_id, text, tags, externalized_key: null });
const WINDOW = [
  span("s1", "users.email: VARCHAR(255) NOT NULL UNIQUE", ["constraint"]),
  span("s2", "ran the migration on staging"),
  span("s3", "verified against production, not staging", ["scope_qualifier"]),
];
const SPANS = new Map(WINDOW.map((each) => [each.span_id, each]));
const SUMMARIZE: ModelCall = { kind: "summarize", span_ids: ["s2", "s3"] };
const CHOOSE: ModelCall = { kind: "choose", span_ids: ["s1", "s2", "s3"] };
const answer = (spec: ModelAnswerSpec, call: ModelCall) => answerCall(spec, call, SPANS);

describe("answerCall: the harness's model answers from the scenario's script", () => {
  it("summarizes faithfully: each source's start, never reworded, claiming exactly them", () => {
    expect(answer({ kind: "faithful" }, SUMMARIZE)).toEqual({
      ok: true,
      text: "ran the migration on sta…\nverified against product…",
      provenance: ["s2", "s3"],
    });
  });

  it("paraphrases the first precondition source, confidently claiming full coverage", () => {
    expect(answer({ kind: "paraphrase", change: "drop-scope" }, SUMMARIZE)).toEqual({
      ok: true,
      text: "ran the migration on sta…\nverified against production",
      provenance: ["s2", "s3"],
    });
  });

  it("claims the wrong spans: one no span has, all but the last, the first twice", () => {
    const invented = answer({ kind: "claims", provenance: "invented" }, SUMMARIZE);
    expect(invented).toMatchObject({ provenance: ["s2", "s3", "model-invented"] });
    expect(
      answerCall({ kind: "claims", provenance: "invented" }, SUMMARIZE, new Map([...SPANS, ["model-invented", span("model-invented", "")]])),
    ).toMatchObject({
      provenance: ["s2", "s3", "model-invented'"],
    });
    expect(answer({ kind: "claims", provenance: "partial" }, SUMMARIZE)).toMatchObject({ provenance: ["s2"] });
    expect(answer({ kind: "claims", provenance: "duplicated" }, SUMMARIZE)).toMatchObject({ provenance: ["s2", "s2", "s3"] });
  });

  it("answers an empty, a bloated and a lookalike summary", () => {
    expect(answer({ kind: "empty" }, SUMMARIZE)).toEqual({ ok: true, text: "" });
    expect(answer({ kind: "bloated" }, { kind: "summarize", span_ids: ["s2"] })).toMatchObject({
      text: "ran the migration on staging\nran the migration on staging",
    });
    expect(answer({ kind: "text", text: "[externalized: k0]" }, SUMMARIZE)).toMatchObject({ text: "[externalized: k0]", provenance: ["s2", "s3"] });
  });

  it("chooses: faithfully only what no later action depends on; or everything, only the preconditions, nothing", () => {
    expect(answer({ kind: "faithful" }, CHOOSE)).toEqual({ ok: true, evict_ids: ["s2"] });
    expect(answer({ kind: "choose", pick: "everything" }, CHOOSE)).toEqual({ ok: true, evict_ids: ["s1", "s2", "s3"] });
    expect(answer({ kind: "choose", pick: "preconditions" }, CHOOSE)).toEqual({ ok: true, evict_ids: ["s1", "s3"] });
    expect(answer({ kind: "choose", pick: "nothing" }, CHOOSE)).toEqual({ ok: true, evict_ids: [] });
    expect(answer({ kind: "claims", provenance: "invented" }, CHOOSE)).toEqual({ ok: true, evict_ids: ["s2", "model-invented"] });
  });

  it("answers a call naming ids the window lacks, thousands of them too, as a model shown only the spans it has", () => {
    const unknown = Array.from({ length: 19_000 }, (_, index) => `gone${index}`);
    expect(answer({ kind: "faithful" }, { kind: "summarize", span_ids: [...unknown, "s2"] })).toEqual(
      answer({ kind: "faithful" }, { kind: "summarize", span_ids: ["s2"] }),
    );
    expect(answer({ kind: "faithful" }, { kind: "summarize", span_ids: unknown })).toEqual({ ok: true, text: "", provenance: [] });
    expect(answer({ kind: "choose", pick: "everything" }, { kind: "choose", span_ids: [...unknown, "s1"] })).toEqual({ ok: true, evict_ids: ["s1"] });
  });

  it("fails as data: the model's error with its message, or its timeout", () => {
    expect(answer({ kind: "error", message: "Error: 429 Too Many Requests" }, CHOOSE)).toEqual({
      ok: false,
      error: { code: "error", message: "Error: 429 Too Many Requests" },
    });
    expect(answer({ kind: "timeout" }, SUMMARIZE)).toEqual({ ok: false, error: { code: "timeout", message: TIMEOUT_MESSAGE } });
  });

  it("gives every spec's answer to every call in the wire's shape, the same each time", () => {
    const call = fc.oneof(
      fc.subarray(["s1", "s2", "s3", "absent"], { minLength: 1 }).map((span_ids): ModelCall => ({ kind: "summarize", span_ids })),
      fc.subarray(["s1", "s2", "s3", "absent"]).map((span_ids): ModelCall => ({ kind: "choose", span_ids })),
    );
    fc.assert(
      fc.property(modelAnswerSpecArb, call, (spec, each) => {
        const first = answer(spec, each);
        expect(ModelAnswer.safeParse(first).success).toBe(true);
        expect(answer(spec, each)).toEqual(first);
      }),
      { numRuns: 500, seed: 32 },
    );
  });
});

describe("the model's answers as generated data", () => {
  it("draws every kind of answer", () => {
    const kinds = new Set(fc.sample(modelAnswerSpecArb, { numRuns: 2000, seed: 32 }).map((spec) => spec.kind));
    expect([...kinds].sort()).toEqual(["bloated", "choose", "claims", "empty", "error", "faithful", "paraphrase", "sloppy", "text", "timeout"]);
  });

  it("shrinks a script towards the faithful answers a failure does not need", () => {
    // A failure that needs one error among the answers shrinks to that error alone.
    const result = fc.check(
      fc.property(modelScriptArb, (script) => !script.some((spec) => spec.kind === "error")),
      { seed: 32, numRuns: 1000 },
    );
    expect(result.failed).toBe(true);
    expect(result.counterexample?.[0]).toEqual([{ kind: "error", message: "Error: 429 Too Many Requests" }]);
  });
});

describe("scriptedModel: the model an in-process pruner is handed", () => {
  it("answers its calls in order from the script, then with its last answer again, recording each", async () => {
    const { model, exchanges } = scriptedModel(
      [
        { kind: "choose", pick: "everything" },
        { kind: "paraphrase", change: "drop-negation" },
      ],
      { spans: WINDOW },
    );
    expect(await model.choose(["s1", "s2"])).toEqual(["s1", "s2"]);
    expect(await model.summarize(["s1"], "Summarize.")).toEqual({ text: "users.email: VARCHAR(255) NULL UNIQUE", provenance: ["s1"] });
    expect(await model.summarize(["s2"])).toEqual({ text: "ran the migration on staging (works)", provenance: ["s2"] });
    expect(exchanges.map((exchange) => exchange.call)).toEqual([
      { kind: "choose", span_ids: ["s1", "s2"] },
      { kind: "summarize", span_ids: ["s1"], prompt: "Summarize." },
      { kind: "summarize", span_ids: ["s2"] },
    ]);
  });

  it("answers faithfully when the script is empty", async () => {
    const { model } = scriptedModel([], { spans: WINDOW });
    expect(await model.summarize(["s2"])).toEqual({ text: "ran the migration on sta…", provenance: ["s2"] });
    expect(await model.choose(["s1", "s2"])).toEqual(["s2"]);
  });

  it("throws a typed ModelFailure for an error or a timeout, and records it", async () => {
    const { model, exchanges } = scriptedModel([{ kind: "timeout" }], { spans: WINDOW });
    const failure = await model.summarize(["s1"]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelFailure);
    expect(failure).toMatchObject({ code: "timeout", message: TIMEOUT_MESSAGE });
    expect(exchanges).toHaveLength(1);
  });
});
