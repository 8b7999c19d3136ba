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
  /**
   * An empty summary, or an empty choice. The summary is `""`, or `text`: nothing but white space as the
   * protocol defines it (Unicode White_Space), spelled with characters some language's trim keeps (U+0085
   * survives JavaScript's `trim`; U+00A0, U+3000 and U+2028 Java's `String.trim` and ASCII-only trims).
   */
  z.strictObject({ kind: z.literal("empty"), text: z.string().optional() }),
  /** A summary no smaller than its sources: their texts, twice. */
  z.strictObject({ kind: z.literal("bloated") }),
  /** The faithful answer claiming the wrong spans: one no span has, all but the last, the first twice. */
  z.strictObject({ kind: z.literal("claims"), provenance: z.enum(["invented", "partial", "duplicated"]) }),
  /** "Everything is redundant", only the precondition spans, or nothing: the model's own redundancy judgment. */
  z.strictObject({ kind: z.literal("choose"), pick: z.enum(["everything", "preconditions", "nothing"]) }),
  /**
   * A real model's answer, sloppy the ways models are (issue 47: over 780 generated choices not one listed
   * ids out of the window's order): the right ids (a choice's faithful one, a summary's sources) `reversed`;
   * one `repeat`ed; one `stray` the call did not offer (a span of the window, an id of an earlier call of the
   * same request, or one no span has); the first `dress`ed in white space, an invisible character or, with
   * the summary's text, prose; only part of the answer (the last id dropped, a summary cut off) or more than
   * asked (every id offered, a summary longer than its sources). Each field shrinks to the tidy answer.
   */
  z.strictObject({
    kind: z.literal("sloppy"),
    order: z.enum(["asked", "reversed"]),
    repeat: z.boolean(),
    stray: z.enum(["none", "outside-call", "earlier-call", "outside-window"]),
    dress: z.enum(["bare", "whitespace", "invisible", "prose"]),
    length: z.enum(["whole", "partial", "over-long"]),
  }),
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
export function answerCall(spec: ModelAnswerSpec, call: ModelCall, spans: ReadonlyMap<string, Span>, earlier: readonly string[] = []): ModelAnswer {
  if (spec.kind === "recorded") return spec.answer;
  if (spec.kind === "error") return { ok: false, error: { code: "error", message: spec.message } };
  if (spec.kind === "timeout") return { ok: false, error: { code: "timeout", message: TIMEOUT_MESSAGE } };
  const shown = call.span_ids.flatMap((id) => {
    const span = spans.get(id);
    return span === undefined ? [] : [span];
  });
  if (spec.kind === "sloppy") return sloppyAnswer(spec, call, shown, spans, earlier);
  return call.kind === "summarize" ? summaryAnswer(spec, shown, spans) : choiceAnswer(spec, shown, spans);
}

type Sloppy = Extract<ModelAnswerSpec, { kind: "sloppy" }>;

/** What a model says around a summary when nobody told it not to. */
export const PROSE = { before: "Here is a summary of the conversation so far:\n", after: "\nLet me know if you need anything else." };
/** Characters a model's output carries that no one sees. */
const INVISIBLE = "\u200b";

/** The right answer to `call`, made sloppy as `spec` says (see the `sloppy` kind). */
function sloppyAnswer(spec: Sloppy, call: ModelCall, shown: readonly Span[], spans: ReadonlyMap<string, Span>, earlier: readonly string[]): ModelAnswer {
  const right = call.kind === "summarize" || spec.length === "over-long" ? shown : shown.filter((span) => !isPreconditionBearing(span));
  const ids = sloppyIds(
    right.map((span) => span.span_id),
    spec,
    call,
    spans,
    earlier,
  );
  if (call.kind === "choose") return { ok: true, evict_ids: ids };
  const texts = shown.map((span) => span.text);
  const digest = texts.map(digestOf).join("\n");
  const text =
    spec.length === "over-long" ? bloatedText(texts) : spec.length === "partial" ? [...digest].slice(0, Math.ceil([...digest].length / 2)).join("") : digest;
  return { ok: true, text: spec.dress === "prose" ? `${PROSE.before}${text}${PROSE.after}` : text, provenance: ids };
}

function sloppyIds(ids: readonly string[], spec: Sloppy, call: ModelCall, spans: ReadonlyMap<string, Span>, earlier: readonly string[]): string[] {
  const offered = new Set(call.span_ids);
  const out = spec.length === "partial" && ids.length > 1 ? ids.slice(0, -1) : [...ids];
  if (spec.order === "reversed") out.reverse();
  if (spec.repeat && out.length > 0) out.push(out[0] as string);
  const stray =
    spec.stray === "outside-call"
      ? [...spans.keys()].find((id) => !offered.has(id))
      : spec.stray === "earlier-call"
        ? earlier.find((id) => !offered.has(id))
        : spec.stray === "outside-window"
          ? inventedId(spans)
          : undefined;
  if (stray !== undefined) out.push(stray);
  const [first, ...rest] = out;
  if (first === undefined || spec.dress === "bare") return out;
  const dressed =
    spec.dress === "whitespace" ? ` ${first}\n` : spec.dress === "invisible" ? `${first}${INVISIBLE}` : `${first} (redundant, already summarized)`;
  return [dressed, ...rest];
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
      return { ok: true, text: spec.text ?? "" };
    case "bloated":
      return { ok: true, text: bloatedText(texts), provenance: ids };
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

/** A summary no smaller than its sources: their texts, twice (the `bloated` kind, a sloppy answer's `over-long`). */
function bloatedText(texts: readonly string[]): string {
  return [...texts, ...texts].join("\n");
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
  return [...ids, inventedId(spans)];
}

/** An id no span of the window has. */
function inventedId(spans: ReadonlyMap<string, Span>): string {
  let invented = INVENTED;
  while (spans.has(invented)) invented += "'";
  return invented;
}
