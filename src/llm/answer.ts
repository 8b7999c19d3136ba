import { z } from "zod";
import { ModelAnswer, type ModelCall } from "../wire/model.ts";
import type { Span } from "../wire/window.ts";
import { isPreconditionBearing } from "../wire/tags.ts";
import { Paraphrase, paraphrase } from "./paraphrase.ts";

/**
 * What the harness, playing the model, answers one call with: data the scenario draws and shrinks
 * (towards `faithful`), which `answerCall` turns into the answer for whatever the pruner asked. So a
 * counterexample carries the model's answers, its story can quote them, and a replay hands the pruner
 * the same ones.
 */
export const ModelAnswerSpec = z.discriminatedUnion("kind", [
  /**
   * A summary that misstates nothing: each source's first 24 characters (cut with "…", so the summary is
   * shorter than a source of more), one a line; a choice of only the spans no later action depends on.
   */
  z.strictObject({ kind: z.literal("faithful") }),
  /** The faithful summary with its first precondition span (else its first span) paraphrased. */
  z.strictObject({ kind: z.literal("paraphrase"), change: Paraphrase }),
  /** A summary of exactly this text: a pointer or summary marker, the laundered "schema constraints verified". */
  z.strictObject({ kind: z.literal("text"), text: z.string() }),
  /** An empty summary, or an empty choice. */
  z.strictObject({ kind: z.literal("empty") }),
  /** A summary no smaller than its sources: their texts, twice. */
  z.strictObject({ kind: z.literal("bloated") }),
  /** The faithful answer claiming the wrong spans: one no span has, all but the last, the first twice. */
  z.strictObject({ kind: z.literal("claims"), provenance: z.enum(["invented", "partial", "duplicated"]) }),
  /** "Everything is redundant", only the precondition spans, or nothing: the model's own redundancy judgment. */
  z.strictObject({ kind: z.literal("choose"), pick: z.enum(["everything", "preconditions", "nothing"]) }),
  /** The model call fails: its error message is what a careless pruner stores as the summary. */
  z.strictObject({ kind: z.literal("error"), message: z.string() }),
  /** The model does not answer in time, as the client library reports it. */
  z.strictObject({ kind: z.literal("timeout") }),
  /**
   * What a recorded model answered, word for word: an audit asks the implementation again with the answers
   * its trace holds, so that its second answer faces the same model as its first. Never generated.
   */
  z.strictObject({ kind: z.literal("recorded"), answer: ModelAnswer }),
]);
export type ModelAnswerSpec = z.infer<typeof ModelAnswerSpec>;

export const TIMEOUT_MESSAGE = "the model did not answer within its timeout";
const INVENTED = "model-invented";

/**
 * The answer `spec` makes to `call`, given the spans of the request's window by id. Pure: the same spec
 * and call always get the same answer. Ids the window lacks are left out of a faithful answer (the model
 * cannot read a span it was not shown). A spec about choosing answers a summarize call faithfully, and one
 * about the summary's text (paraphrase, text, bloated) a choose call as the careless model it is: it calls
 * everything redundant (the seed's "redundant, already summarized"). So any script of specs answers any
 * sequence of calls, and a model that misstates also misjudges, as the seed's did.
 */
export function answerCall(spec: ModelAnswerSpec, call: ModelCall, spans: ReadonlyMap<string, Span>): ModelAnswer {
  if (spec.kind === "recorded") return spec.answer;
  if (spec.kind === "error") return { ok: false, error: { code: "error", message: spec.message } };
  if (spec.kind === "timeout") return { ok: false, error: { code: "timeout", message: TIMEOUT_MESSAGE } };
  const shown = call.span_ids.flatMap((id) => {
    const span = spans.get(id);
    return span === undefined ? [] : [span];
  });
  return call.kind === "summarize" ? summaryAnswer(spec, shown, spans) : choiceAnswer(spec, shown, spans);
}

function summaryAnswer(spec: ModelAnswerSpec, sources: readonly Span[], spans: ReadonlyMap<string, Span>): ModelAnswer {
  const ids = sources.map((span) => span.span_id);
  const texts = sources.map((span) => span.text);
  const joined = (parts: readonly string[]) => parts.join("\n");
  const digest = joined(texts.map(digestOf));
  switch (spec.kind) {
    case "paraphrase": {
      const target = Math.max(0, sources.findIndex(isPreconditionBearing));
      return { ok: true, text: joined(texts.map((text, index) => (index === target ? paraphrase(text, spec.change) : digestOf(text)))), provenance: ids };
    }
    case "text":
      return { ok: true, text: spec.text, provenance: ids };
    case "empty":
      return { ok: true, text: "" };
    case "bloated":
      return { ok: true, text: joined([...texts, ...texts]), provenance: ids };
    case "claims":
      return { ok: true, text: digest, provenance: claimed(ids, spec.provenance, spans) };
    default:
      return { ok: true, text: digest, provenance: ids };
  }
}

function choiceAnswer(spec: ModelAnswerSpec, candidates: readonly Span[], spans: ReadonlyMap<string, Span>): ModelAnswer {
  const ids = (chosen: readonly Span[]) => chosen.map((span) => span.span_id);
  const faithful = ids(candidates.filter((span) => !isPreconditionBearing(span)));
  switch (spec.kind) {
    case "choose":
      return {
        ok: true,
        evict_ids: spec.pick === "everything" ? ids(candidates) : spec.pick === "preconditions" ? ids(candidates.filter(isPreconditionBearing)) : [],
      };
    case "empty":
      return { ok: true, evict_ids: [] };
    case "claims":
      return { ok: true, evict_ids: claimed(faithful, spec.provenance, spans) };
    case "paraphrase":
    case "text":
    case "bloated":
      return { ok: true, evict_ids: ids(candidates) };
    default:
      return { ok: true, evict_ids: faithful };
  }
}

/** What a faithful summary keeps of a source: its start, whole when short, never reworded. */
export const DIGEST_CHARS = 24;

function digestOf(text: string): string {
  const chars = [...text];
  return chars.length <= DIGEST_CHARS ? text : `${chars.slice(0, DIGEST_CHARS).join("")}…`;
}

/** `ids` as a careless model claims them. */
function claimed(ids: readonly string[], how: "invented" | "partial" | "duplicated", spans: ReadonlyMap<string, Span>): string[] {
  if (how === "partial") return ids.slice(0, -1);
  if (how === "duplicated") return ids.length === 0 ? [] : [ids[0] as string, ...ids];
  let invented = INVENTED;
  while (spans.has(invented)) invented += "'";
  return [...ids, invented];
}
