import { PROBES, probesOf, type ProbeName } from "../models/probes.ts";
import type { Finding, Level, Property } from "../models/property.ts";
import type { Exchange } from "../transport/driver.ts";
import { usesModel } from "../transport/in-process.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { Fact, Truth } from "../models/truth.ts";
import type { OperationCall, OperationRequest, Outcome } from "../wire/protocol.ts";
import type { TraceExchange } from "../wire/trace.ts";
import type { Span, Store } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";

/**
 * Why a property cannot be judged from a trace alone: it needs another answer of the implementation (a
 * probe), or the live objects a pruner was handed rather than their bytes.
 */
export function notJudgedReason(property: Property, probing = false): string | null {
  if (!probing && (property.probes ?? []).length > 0)
    return `needs the implementation to answer again (${(property.probes ?? []).join(", ")}): give --cmd or --impl`;
  if (property.id === "inputs-immutable") return "needs the objects the pruner was handed; a trace holds their bytes";
  return null;
}

/** What an audit knows about the spans of one conversation, learned from its exchanges in order. */
export class ConversationTruth {
  readonly #facts = new Map<string, Fact>();

  /**
   * The truth as of a request: every original it shows is known by its text, as a run's harness knows it;
   * a span or provenance source the conversation never showed is taken at the store's copy, since an audit
   * that cannot know its text cannot call its copy stale.
   */
  before(call: OperationCall): Truth {
    const learnFromStore = (spanId: string, key: string | null, store: Store) => {
      if (!this.#facts.has(spanId) && key !== null && Object.hasOwn(store, key)) this.#learn(spanId, store[key] as string, []);
    };
    for (const span of call.window.spans) {
      if (kindOf(span) !== "pointer") this.#learn(span.span_id, span.text, span.tags);
      else learnFromStore(span.span_id, span.externalized_key, call.store);
      for (const entry of span.provenance ?? []) learnFromStore(entry.span_id, entry.externalized_key, call.store);
    }
    return new Map(this.#facts);
  }

  /** A summary a summarize answered with is known from then on, as in a run. */
  after(call: OperationCall, outcome: Outcome): void {
    if (call.op !== "summarize" || !outcome.ok || call.window.spans.some((span) => span.span_id === call.summary_id)) return;
    const summary = outcome.window.spans.find((span) => span.span_id === call.summary_id);
    if (summary !== undefined) this.#learn(summary.span_id, summary.text, summary.tags);
  }

  #learn(spanId: string, text: string, tags: Span["tags"]): void {
    this.#facts.set(spanId, { span_id: spanId, text, tags: [...tags], lost: false });
  }
}

export interface AuditFinding {
  readonly property: string;
  readonly finding: Finding;
}

/** A recorded response as the harness holds an answer: the window or the refusal, without the wire's id. */
export function outcomeOf(exchange: TraceExchange): Outcome {
  return exchange.response.ok ? { ok: true, window: exchange.response.window } : { ok: false, error: exchange.response.error };
}

/** A probe the implementation was asked beside a recorded exchange, and what it answered. */
export interface ProbeExchange {
  readonly name: ProbeName;
  readonly exchange: Exchange;
}

/**
 * Asks the implementation the probes the properties need beside a recorded request, built as a run builds
 * them from what is known of the conversation, all at once (a pipelining adapter answers them together).
 */
export async function askProbes(
  call: OperationCall,
  truth: ConversationTruth,
  properties: readonly Property[],
  send: (call: OperationCall) => Promise<Exchange>,
): Promise<ProbeExchange[]> {
  const known = truth.before(call);
  const asked = probesOf(properties).flatMap((name) => {
    const probe = PROBES[name].build(call, known);
    return probe === null ? [] : [send(probe).then((exchange) => ({ name, exchange }))];
  });
  return Promise.all(asked);
}

/** What is known beside a recorded exchange, besides the exchange. */
export interface ExchangeContext {
  /** The implementation was asked again beside it: the properties that need another answer are judged too. */
  readonly probes?: readonly ProbeExchange[];
  /** What the recorded implementation declared (the trace's header): whether a compact used the model. */
  readonly capabilities?: readonly string[];
  /** What the model answered, when known otherwise than from the trace (a replay's own). */
  readonly model?: readonly ModelExchange[];
}

/**
 * What an audit takes the model to have done beside a refused exchange that used it, when the trace did not
 * record its answers: failed. A refusal of a model failure is honest, and a trace cannot show the model worked, so
 * blaming the refusal could be a false finding; taken as failed, a refusal can only be let pass.
 */
const UNRECORDED_FAILURE: ModelExchange = {
  call: { kind: "summarize", span_ids: ["(unrecorded)"] },
  answer: { ok: false, error: { code: "error", message: "" } },
};

/** Judges one recorded exchange against every judgeable property, in catalog order. */
export function judgeExchange(
  exchange: TraceExchange,
  truth: ConversationTruth,
  properties: readonly Property[],
  level: Level,
  context: ExchangeContext = {},
): AuditFinding[] {
  const sent: OperationRequest = exchange.request;
  const { id: _id, ...call } = sent;
  const outcome = outcomeOf(exchange);
  const { probes } = context;
  const answers = Object.fromEntries((probes ?? []).map(({ name, exchange: asked }) => [name, asked.outcome]));
  const known = context.model ?? exchange.model;
  const unknown = known === undefined && !outcome.ok && usesModel(sent, context.capabilities ?? []);
  const model = known ?? (unknown ? [UNRECORDED_FAILURE] : []);
  const step = { call: call as OperationCall, sent, outcome, probes: answers, model, truth: truth.before(call as OperationCall), level };
  const findings = properties.flatMap((property) => {
    if (notJudgedReason(property, probes !== undefined) !== null) return [];
    const finding = property.check(step);
    return finding === null ? [] : [{ property: property.id, finding }];
  });
  truth.after(call as OperationCall, outcome);
  return findings;
}
