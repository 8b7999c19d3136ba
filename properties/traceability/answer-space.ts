import type { Step } from "../../src/models/property.ts";
import { PROSE } from "../../src/llm/answer.ts";
import type { ModelExchange } from "../../src/llm/scripted-model.ts";
import { isBlank } from "../../src/wire/blank.ts";
import { isPreconditionBearing } from "../../src/wire/tags.ts";
import type { Reach } from "./reach.ts";

/**
 * What the harness's model says, measured on the answers it gave (issue 47: over 780 generated choices, not
 * one listed ids out of the window's order, so a pruner trusting the model's order passed as conforming).
 * Each dimension is a way a real model's answer strays, judged on the exchange itself, not on the spec
 * that made it: docs/traceability.md counts the default-run scenarios that reach each, and its test holds
 * every count above zero.
 */
interface Answered {
  readonly exchange: ModelExchange;
  /** The ids the answer names: a choice's, or a summary's claimed provenance. */
  readonly ids: readonly string[];
  /** The ids this call offered. */
  readonly offered: ReadonlySet<string>;
  /** The ids earlier calls of the same request named. */
  readonly earlier: ReadonlySet<string>;
  readonly window: ReadonlySet<string>;
}

/** Whether `ids`, those of them `order` has, come out of `order`'s order: what reach.ts asks of requests too. */
export function outOfOrder(order: readonly string[], ids: readonly string[]): boolean {
  const at = ids.map((id) => order.indexOf(id)).filter((index) => index >= 0);
  return at.some((index, i) => i > 0 && index < (at[i - 1] as number));
}

const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/;

/** Each step's exchanges, read once however many dimensions ask. */
const read = new WeakMap<Step, readonly Answered[]>();

function answered(step: Step): readonly Answered[] {
  const known = read.get(step);
  if (known !== undefined) return known;
  const window = new Set(step.call.window.spans.map((span) => span.span_id));
  const earlier = new Set<string>();
  const each = step.model.map((exchange) => {
    const { answer } = exchange;
    const ids = !answer.ok ? [] : "evict_ids" in answer ? answer.evict_ids : (answer.provenance ?? []);
    const one = { exchange, ids, offered: new Set(exchange.call.span_ids), earlier: new Set(earlier), window };
    for (const id of exchange.call.span_ids) earlier.add(id);
    return one;
  });
  read.set(step, each);
  return each;
}

const textOf = ({ exchange }: Answered) => (exchange.answer.ok && "text" in exchange.answer ? exchange.answer.text : undefined);
const some =
  (test: (each: Answered, step: Step) => boolean): Reach =>
  (step) =>
    answered(step).some((each) => test(each, step));

/** The tidy answer a pruner's happy path expects: a summary claiming exactly what it was shown, a choice of its non-precondition spans, in order. */
function right(each: Answered, step: Step): boolean {
  const { exchange, ids } = each;
  if (!exchange.answer.ok) return false;
  const shown = step.call.window.spans.filter((span) => each.offered.has(span.span_id));
  const expected = exchange.call.kind === "summarize" ? shown : shown.filter((span) => !isPreconditionBearing(span));
  const text = textOf(each);
  return (text === undefined || text !== "") && ids.join("\n") === expected.map((span) => span.span_id).join("\n") && expected.length > 0;
}

/** Each dimension: what it is, as the docs say it, and whether a request's model exchanges reach it. */
export const ANSWER_SPACE = {
  answerRight: {
    what: "the right answer (a summary claiming what it was shown, a choice of the spans no precondition tag guards, in order)",
    reach: some(right),
  },
  answerReordered: {
    what: "ids the call offered, in another order than the call's",
    reach: some((each) => outOfOrder(each.exchange.call.span_ids, each.ids)),
  },
  answerRepeated: { what: "an id named twice", reach: some(({ ids }) => new Set(ids).size < ids.length) },
  answerOutsideCall: {
    what: "an id of the window the call did not offer",
    reach: some((each) => each.ids.some((id) => each.window.has(id) && !each.offered.has(id))),
  },
  answerEarlierCall: {
    what: "an id an earlier call of the same request offered, this one not",
    reach: some((each) => each.ids.some((id) => each.earlier.has(id) && !each.offered.has(id))),
  },
  answerOutsideWindow: {
    what: "an id no span of the window has",
    reach: some((each) => each.ids.some((id) => !each.window.has(id) && !each.window.has(id.trim()) && !INVISIBLE.test(id) && !id.includes(" "))),
  },
  answerWhitespace: { what: "an id with white space around it", reach: some(({ ids }) => ids.some((id) => id !== id.trim())) },
  answerInvisible: { what: "an id carrying an invisible character (a zero-width space)", reach: some(({ ids }) => ids.some((id) => INVISIBLE.test(id))) },
  answerProse: {
    what: 'prose around the answer (a summary that begins "Here is a summary…", an id with a reason after it)',
    reach: some((each) => (textOf(each)?.startsWith(PROSE.before) ?? false) || each.ids.some((id) => id.trim().includes(" "))),
  },
  answerPartial: {
    what: "part of an answer (a summary claiming only some of what it was shown)",
    reach: some((each) => {
      const shown = each.offered;
      return textOf(each) !== undefined && each.ids.length > 0 && each.ids.length < shown.size && each.ids.every((id) => shown.has(id));
    }),
  },
  answerOverLong: {
    what: "more than asked (a summary longer than its sources together, a choice naming more ids than offered)",
    reach: some((each, step) => {
      const text = textOf(each);
      if (text === undefined) return each.exchange.answer.ok && each.ids.length > each.exchange.call.span_ids.length;
      const sources = step.call.window.spans.filter((span) => each.offered.has(span.span_id));
      return [...text].length > sources.reduce((sum, span) => sum + [...span.text].length, 0);
    }),
  },
  answerEmpty: {
    what: "nothing (an empty summary, an empty choice)",
    reach: some((each) => textOf(each) === "" || (each.exchange.answer.ok && each.ids.length === 0 && textOf(each) === undefined)),
  },
  answerBlank: {
    what: "a summary of white space only, not empty (U+0085, which JavaScript's trim keeps; U+00A0, U+3000, U+2028, which ASCII-only trims keep)",
    reach: some((each) => {
      const text = textOf(each);
      return text !== undefined && text !== "" && isBlank(text);
    }),
  },
  answerTrimmedAway: {
    what: "a summary a language's trim empties that is not white space, so it is text (U+FEFF, U+001C, U+200B)",
    reach: some((each) => {
      const text = textOf(each);
      return text !== undefined && text !== "" && !isBlank(text) && /^[\ufeff\u001c-\u001f\u200b]+$/.test(text);
    }),
  },
  answerFailed: { what: "a failure (an error, a timeout)", reach: some(({ exchange }) => !exchange.answer.ok) },
} satisfies Record<string, { readonly what: string; readonly reach: Reach }>;

export type AnswerDimension = keyof typeof ANSWER_SPACE;
