import { AdapterFault } from "../errors/adapter-fault.ts";
import type { Finding, Level, Property } from "../models/property.ts";
import type { TraceOrigin } from "../models/origin.ts";
import { readTrace } from "../trace/read-trace.ts";
import type { Exchange } from "../transport/driver.ts";
import { usesModel } from "../transport/in-process.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";
import type { Capability, OperationCall } from "../wire/protocol.ts";
import type { TraceExchange, TraceHeader } from "../wire/trace.ts";
import { askProbes, ConversationTruth, judgeExchange, type ExchangeContext, type ProbeExchange } from "./judge.ts";

/** One exchange that broke a property, whole, with where the trace holds it. */
export interface TraceFinding {
  readonly finding: Finding;
  readonly origin: TraceOrigin;
  readonly exchange: TraceExchange;
  /** What the implementation answered when asked again beside it, when the audit re-asked. */
  readonly probes?: readonly ProbeExchange[];
}

/**
 * A property's findings in a trace: how many exchanges broke it, the line of the first, and the one with the
 * smallest window (the earliest of those), whole: a report is read by people, and a trace recorded from a
 * shrinking run or a long conversation holds the same fault in windows of every size.
 */
export interface PropertyFindings {
  readonly property: string;
  readonly count: number;
  readonly firstLine: number;
  readonly smallest: TraceFinding;
}

export interface TraceAudit {
  readonly header: TraceHeader;
  readonly exchanges: number;
  readonly conversations: ConversationCounts;
  /** Exchanges by op, and (as `model`) those with the model's answers: a property about what the trace never shows has nothing to judge. */
  readonly ops: Readonly<Partial<Record<Capability, number>>>;
  /** Bad lines skipped with `lenient`: how many, and the first's message (kept alone, so a trace of garbage costs no memory). */
  readonly skipped: { readonly count: number; readonly first?: string };
  /** In catalog order, only properties with at least one finding. */
  readonly findings: readonly PropertyFindings[];
  /** Exchanges the implementation was asked again beside, when the audit re-asked (`ask`). */
  readonly probed: number;
  /**
   * The first time the implementation asked again broke the protocol (a timeout, a crash, a bad line), and
   * beside which exchange: a finding against it, after which it is not asked again in this file.
   */
  readonly fault?: ReaskFault;
}

/** The implementation asked again beside a recorded exchange broke the protocol. */
export interface ReaskFault {
  readonly error: AdapterFault;
  readonly origin: TraceOrigin;
  readonly exchange: TraceExchange;
}

/** How the trace's conversations went: how many the audit started following, how many ended, and how many it forgot. */
export interface ConversationCounts {
  readonly started: number;
  readonly ended: number;
  /** Forgotten while still open, the least recently active first, to stay within `openConversations`. */
  readonly forgotten: number;
}

export interface AuditTraceOptions {
  readonly lenient?: boolean;
  /**
   * How many conversations' truths are kept at once. Past it, the least recently active one is forgotten
   * (counted): its later exchanges are judged as if it started there, which can miss a fault, never invent
   * one, since a span the audit no longer knows is taken at the store's copy. 1,000 by default.
   */
  readonly openConversations?: number;
  /** Told, after each chunk read, how far the audit is: bytes of the file read and exchanges judged. */
  readonly progress?: (read: { bytes: number; exchanges: number }) => void;
  /**
   * Sends a probe to the implementation, so the properties that judge one answer against another are
   * judged too; `model`, the answers its model calls get. An exchange that used the model is asked again
   * with the answers its trace recorded (another model would make any pruner look nondeterministic); one
   * whose trace holds none is not asked again.
   */
  readonly ask?: (call: OperationCall, model?: readonly ModelAnswerSpec[]) => Promise<Exchange>;
}

export const OPEN_CONVERSATIONS = 1000;

/**
 * Audits one trace in a single streaming pass. Exchanges of a conversation share what is known of its spans;
 * one without a conversation id is judged on its own. Memory is bounded by the conversations open at once,
 * never the trace's length or its number of findings: a conversation's end line forgets its truth, at most
 * `openConversations` are kept, and per property only the first finding and the smallest are kept whole.
 */
export async function auditTrace(file: string, properties: readonly Property[], level: Level, options: AuditTraceOptions = {}): Promise<TraceAudit> {
  let skipped: TraceAudit["skipped"] = { count: 0 };
  const found = new Map<string, { count: number; firstLine: number; smallest: TraceFinding }>();
  const open = new OpenConversations(options.openConversations ?? OPEN_CONVERSATIONS);
  const ops: Partial<Record<Capability, number>> = {};
  let header: TraceHeader | undefined;
  let exchanges = 0;
  let probed = 0;
  let fault: ReaskFault | undefined;
  const { ask } = options;
  const lines = readTrace(file, {
    lenient: options.lenient === true,
    skipped: (error) => (skipped = { count: skipped.count + 1, first: skipped.first ?? error.message }),
    header: (read) => (header = read),
    // Exchanges judged so far: those of the chunk just read are judged after this is told.
    ...(options.progress === undefined ? {} : { bytesRead: (bytes: number) => options.progress?.({ bytes, exchanges }) }),
  });
  for await (const traced of lines) {
    if (traced.kind === "end") {
      open.end(traced.end.conversation_end);
      continue;
    }
    const { line, exchange } = traced;
    exchanges++;
    ops[exchange.request.op] = (ops[exchange.request.op] ?? 0) + 1;
    // The model's answers recorded beside it: what a property about the model needs to be judged at all.
    if (exchange.model !== undefined) ops.model = (ops.model ?? 0) + 1;
    const { conversation } = exchange;
    const truth = conversation === undefined ? new ConversationTruth() : open.truth(conversation);
    const { id: _id, ...call } = exchange.request;
    // The header is read before the first exchange: what it declares says whether a compact used the model.
    const capabilities = (header as TraceHeader).implementation?.capabilities ?? [];
    const recorded = exchange.model?.map(({ answer }): ModelAnswerSpec => ({ kind: "recorded", answer }));
    const reasked = ask !== undefined && fault === undefined && (recorded !== undefined || !usesModel(exchange.request, capabilities));
    let probes: ProbeExchange[] | undefined;
    try {
      // The same request again faces the model's recorded answers; a probe of another operation (the prune
      // beside a compact) asks no model.
      const send = (probe: OperationCall) => (ask as NonNullable<typeof ask>)(probe, probe.op === call.op ? recorded : undefined);
      probes = reasked ? await askProbes(call as OperationCall, truth, properties, send) : undefined;
      if (reasked) probed++;
    } catch (error) {
      // The implementation's fault, not the trace's: reported, and the rest judged without asking it again
      // (one that hangs would otherwise cost a timeout per exchange).
      if (!(error instanceof AdapterFault)) throw error;
      fault = { error, origin: { kind: "trace", file, line, ...(conversation === undefined ? {} : { conversation }) }, exchange };
    }
    const context = { capabilities, ...(probes === undefined ? {} : { probes }) };
    for (const { property, finding } of judgeExchange(exchange, truth, properties, level, context)) {
      const seen = found.get(property);
      if (seen !== undefined) seen.count++;
      if (seen !== undefined && exchange.request.window.spans.length >= windowLength(seen.smallest)) continue;
      const standalone = breaksAlone(
        exchange,
        properties.find((candidate) => candidate.id === property)!,
        level,
        context,
      );
      const origin = { kind: "trace" as const, file, line, ...(conversation === undefined ? {} : { conversation }), ...(standalone ? { standalone } : {}) };
      const smallest = { finding, exchange, origin, ...(probes === undefined || probes.length === 0 ? {} : { probes }) };
      if (seen === undefined) found.set(property, { count: 1, firstLine: line, smallest });
      else seen.smallest = smallest;
    }
  }
  const findings = properties.flatMap((property) => {
    const seen = found.get(property.id);
    return seen === undefined ? [] : [{ property: property.id, ...seen }];
  });
  // readTrace throws on a file without a valid header, so a finished read has one.
  return { header: header as TraceHeader, exchanges, conversations: open.counts(), ops, skipped, findings, probed, ...(fault === undefined ? {} : { fault }) };
}

/**
 * The truths of the conversations an audit is following, at most `limit`, the least recently active
 * forgotten first (a Map keeps insertion order, so moving an active one to the end makes the first the oldest).
 */
class OpenConversations {
  readonly #limit: number;
  readonly #truths = new Map<string, ConversationTruth>();
  #started = 0;
  #ended = 0;
  #forgotten = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  truth(conversation: string): ConversationTruth {
    const known = this.#truths.get(conversation);
    if (known !== undefined) {
      this.#truths.delete(conversation);
      this.#truths.set(conversation, known);
      return known;
    }
    this.#started++;
    if (this.#truths.size >= this.#limit) {
      this.#truths.delete(this.#truths.keys().next().value as string);
      this.#forgotten++;
    }
    const fresh = new ConversationTruth();
    this.#truths.set(conversation, fresh);
    return fresh;
  }

  end(conversation: string): void {
    if (this.#truths.delete(conversation)) this.#ended++;
  }

  counts(): ConversationCounts {
    return { started: this.#started, ended: this.#ended, forgotten: this.#forgotten };
  }
}

/** How large a finding's window is, in spans: of a property's findings, the smallest is the one reported. */
export function windowLength(found: TraceFinding): number {
  return found.exchange.request.window.spans.length;
}

/**
 * Whether the exchange breaks the property judged with only what its own request shows, not what the
 * conversation's earlier exchanges taught: then it is a counterexample of its own, which replay can re-send.
 */
function breaksAlone(exchange: TraceExchange, property: Property, level: Level, context: ExchangeContext): boolean {
  return judgeExchange(exchange, new ConversationTruth(), [property], level, context).length > 0;
}
