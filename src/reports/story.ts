import type { TraceEntry } from "../models/trace-entry.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { Outcome, Request } from "../wire/protocol.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { preconditionTagsOf } from "../wire/tags.ts";
import { quoteName } from "./escape/name.ts";
import { visibleJson } from "./escape/terminal.ts";
import { capText } from "../errors/cap-text.ts";
import { describeDifference } from "../models/text-difference.ts";
import { dequal } from "dequal/lite";
import { excerptWindow, idsThatMatter } from "./excerpt.ts";
import type { Conforming } from "./conforming-answer.ts";

/**
 * The counterexample told as a short story, the way Elle explains an anomaly: who the spans are, what the
 * harness asked, what came back, and why that breaks the condition. Readable by someone who never ran
 * the tool, which is who reads it in a design review.
 *
 * Plain text, not Markdown: it quotes the adapter's ids and texts as JSON strings, and its name too
 * unless that is a plain word; each rendering (the report's Markdown, the JSON) escapes it for its medium.
 *
 * `unanswered` is the request a protocol fault left without a valid answer: then it is the failing one,
 * and every answered request before it is history.
 */
export function tellStory(
  trace: readonly TraceEntry[],
  finding: { readonly message: string; readonly span_id?: string | null | undefined },
  name: string,
  unanswered: Request | null = null,
  conforming: Conforming | null = null,
  /** What the adapter wrote in answer to `unanswered`, when a line it wrote was the fault. */
  answerLine: string | null = null,
  /** The property the finding breaks: its rule is what any answer the model's words decide had to keep. */
  property: { readonly id: string; readonly title: string } | null = null,
): string[] {
  const implementation = quoteName(name);
  const failing = unanswered === null ? lastRequest(trace) : undefined;
  const lines: string[] = [];
  const at = failing === undefined ? trace.length : trace.indexOf(failing);
  for (const entry of trace.slice(0, at)) {
    // Probes of earlier requests found nothing; the story is what led to the failing request.
    if (entry.kind === "env") lines.push(`${sentence(entry.label)}.`);
    else if (entry.kind === "request") lines.push(`${implementation} was asked to ${entry.label}${modelCalls(entry.exchange.model)}; ${answer(entry.exchange.outcome)}.`);
  }
  if (failing !== undefined) {
    const { request, outcome } = failing.exchange;
    lines.push(...cast(request.window, request.store, idsThatMatter({ request, outcome, model: failing.exchange.model, findingSpanId: finding.span_id })));
    lines.push(`Then ${implementation} was asked to ${failing.label}${modelCalls(failing.exchange.model)}, and ${answer(outcome)}.`);
    for (const entry of trace.slice(at + 1)) {
      if (entry.kind === "probe") lines.push(`Beside it, ${implementation} was asked to ${entry.label}, and ${answer(entry.exchange.outcome)}.`);
    }
    // What should have come back, where it differs from what did (a pruner can break a property with the
    // right answer, by mutating the request, say).
    if (conforming !== null && !sameAnswer(conforming.outcome, outcome)) {
      const facing = failing.script === undefined ? "" : " facing the same model";
      // What the reference asked the model is part of its answer: a summary in the same place may stand for
      // spans the model was shown there and not here (model-saw-sources).
      const asked = modelCalls(conforming.model);
      lines.push(`A conforming pruner${facing} could have answered as the reference does: ${asked === "" ? "" : `${asked.slice(2)}, and `}${answer(conforming.outcome)}.`);
      // Where the model's words decide the answer, the reference's is one of many a conforming pruner could
      // give, so the reader needs what they all have in common: the rule (issue 46).
      if (conforming.modelDecided && property !== null) {
        lines.push(`That answer follows from what the model said, so it is one conforming answer, not the only one; any answer conforms that keeps ${property.id}'s rule: ${property.title}.`);
      }
    }
  }
  if (unanswered !== null) {
    if ("window" in unanswered) lines.push(...cast(unanswered.window, unanswered.store, idsThatMatter({ request: unanswered, findingSpanId: finding.span_id })));
    const said = answerLine === null ? "gave no valid answer" : `answered with a line that is no valid answer: ${preview(answerLine)}`;
    lines.push(`Then ${implementation} was sent request ${unanswered.id} (${unanswered.op}), and ${said}.`);
  }
  // A sentence can quote what the adapter answered (its span ids, a refusal): each is capped, as the
  // finding's message already is.
  return [...lines.map((line) => capText(line)), `That is the violation: ${finding.message}.`];
}

function sameAnswer(a: Outcome, b: Outcome): boolean {
  if (a.ok && b.ok) return dequal(a.window, b.window);
  return !a.ok && !b.ok && a.error.type === b.error.type && a.error.code === b.error.code && a.error.span_id === b.error.span_id;
}

export function lastRequest(trace: readonly TraceEntry[]): Extract<TraceEntry, { kind: "request" }> | undefined {
  return trace.findLast((entry): entry is Extract<TraceEntry, { kind: "request" }> => entry.kind === "request");
}

/**
 * "Let s1 be …": one sentence per span of the window the failing request carried, or of those that matter to
 * the finding (`matter`, see excerptWindow) when the window is too long to tell whole.
 */
function cast(window: Window, store: Store, matter: readonly string[]): string[] {
  if (window.spans.length === 0) return [`At that point the window was empty (derivation_depth ${window.derivation_depth}).`];
  const { window: told, cut } = excerptWindow(window, matter);
  const size = `At that point the window had derivation_depth ${window.derivation_depth} and ${window.spans.length} span${window.spans.length === 1 ? "" : "s"}`;
  const which =
    cut === null
      ? "."
      : `; told here are the ${told.spans.length} that matter most to this finding (those the request, its answer, the model and the finding name, the spans they depend on, the first and the last), and ${cut.spans - told.spans.length} others are not.`;
  return [`${size}${which}`, ...told.spans.map((span) => `Let ${JSON.stringify(span.span_id)} be ${describe(span, store)}.`)];
}

function describe(span: Span, store: Store): string {
  const dependencies = span.depends_on?.length ? `; it depends on ${span.depends_on.map((id) => JSON.stringify(id)).join(", ")}` : "";
  return `${identify(span, store)}${dependencies}`;
}

function identify(span: Span, store: Store): string {
  const tags = preconditionTagsOf(span);
  const role = tags.length > 0 ? `precondition-bearing (${tags.map((tag) => JSON.stringify(tag)).join(", ")})` : span.tags.length > 0 ? `tagged ${JSON.stringify(span.tags)} (no precondition tag)` : "untagged";
  const kind = kindOf(span);
  if (kind === "pointer") return `a pointer, ${role}, to key ${JSON.stringify(span.externalized_key)}, which ${copyState(span.externalized_key, store, null)}`;
  const what = kind === "summary" ? `a summary of ${JSON.stringify((span.provenance ?? []).map((entry) => entry.span_id))}` : "an original span";
  return `${what}, ${role}, with text ${quote(span.text)}; ${span.externalized_key === null ? "it was never externalized" : `its key ${JSON.stringify(span.externalized_key)} ${copyState(span.externalized_key, store, span.text)}`}${lostSources(span, store)}`;
}

/** A summary's provenance keys the store does not hold: what makes it unrecoverable, whatever its own key holds. */
function lostSources(span: Span, store: Store): string {
  const lost = (span.provenance ?? []).filter((entry) => !Object.hasOwn(store, entry.externalized_key));
  if (lost.length === 0) return "";
  return `, but the store does not hold ${lost.map((entry) => `its source ${JSON.stringify(entry.span_id)}'s key ${JSON.stringify(entry.externalized_key)}`).join(" or ")}`;
}

function copyState(key: string | null, store: Store, text: string | null): string {
  if (key === null || !Object.hasOwn(store, key)) return "the store does not hold";
  if (text === null) return `holds ${quote(store[key] as string)}`;
  return store[key] === text ? "holds exactly that text" : `holds different text: ${describeDifference(text, store[key] as string, "the store")}`;
}

function answer(outcome: Outcome): string {
  if (!outcome.ok) return `it refused with ${outcome.error.type}${outcome.error.span_id ? ` naming ${JSON.stringify(outcome.error.span_id)}` : ""}${outcome.error.code ? ` (${outcome.error.code})` : ""}`;
  const spans = outcome.window.spans.map((span) => `${JSON.stringify(span.span_id)}${kindOf(span) === "original" ? "" : ` (${kindOf(span)})`}`);
  return `it returned a window of depth ${outcome.window.derivation_depth} holding [${spans.join(", ")}]`;
}

/**
 * What the pruner asked the harness's model while it answered, and what the model said, verbatim: the
 * counterexample's model answers are part of it, and a design review needs to read them.
 */
function modelCalls(exchanges: readonly ModelExchange[] | undefined): string {
  if (exchanges === undefined || exchanges.length === 0) return "";
  const told = exchanges.map(({ call, answer: said }) => {
    const ids = JSON.stringify(call.span_ids);
    const asked = call.kind === "summarize" ? `it asked the model to summarize ${ids}` : `it asked the model which of ${ids} could go`;
    if (!said.ok) return `${asked}, and the model failed (${said.error.code}: ${JSON.stringify(said.error.message)})`;
    if ("evict_ids" in said) return `${asked}, and the model chose ${JSON.stringify(said.evict_ids)}`;
    const claims = said.provenance === undefined ? "" : ` (claiming ${JSON.stringify(said.provenance)})`;
    return `${asked}, and the model answered ${visibleJson(said.text)}${claims}`;
  });
  return `; ${told.join("; then ")}`;
}

/** A note that is a sentence of its own ("the runtime externalizes …") starts it; a bare step gets a subject. */
function sentence(label: string): string {
  return label.startsWith("the ") ? `T${label.slice(1)}` : `The runtime: ${label}`;
}

/**
 * The start of a line an adapter wrote, enough to see what it is; the report's `answer_line` has more.
 * As written, not as a JSON string: it is mostly JSON already, and every rendering escapes it.
 */
function preview(line: string): string {
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
}

function quote(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 77)}…` : text;
  return visibleJson(shown);
}

