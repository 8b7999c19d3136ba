import type { InputError } from "../errors/input.ts";
import type { Finding, Level, Property } from "../models/property.ts";
import type { TraceOrigin } from "../models/origin.ts";
import { readTrace } from "../trace/read-trace.ts";
import type { Capability } from "../wire/protocol.ts";
import type { TraceExchange, TraceHeader } from "../wire/trace.ts";
import { ConversationTruth, judgeExchange } from "./judge.ts";

/** One exchange that broke a property, whole, with where the trace holds it. */
export interface TraceFinding {
  readonly finding: Finding;
  readonly origin: TraceOrigin;
  readonly exchange: TraceExchange;
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
  /** Exchanges by op: a property about an op the trace never shows has nothing to judge. */
  readonly ops: Readonly<Partial<Record<Capability, number>>>;
  readonly skipped: readonly InputError[];
  /** In catalog order, only properties with at least one finding. */
  readonly findings: readonly PropertyFindings[];
}

/**
 * Audits one trace in a single streaming pass. Exchanges of a conversation share what is known of its spans;
 * one without a conversation id is judged on its own. Memory grows with the number of conversations, not
 * with the trace's length or its number of findings: per property only the first is kept whole.
 */
export async function auditTrace(file: string, properties: readonly Property[], level: Level, options: { lenient?: boolean } = {}): Promise<TraceAudit> {
  const skipped: InputError[] = [];
  const found = new Map<string, { count: number; firstLine: number; smallest: TraceFinding }>();
  const conversations = new Map<string, ConversationTruth>();
  const ops: Partial<Record<Capability, number>> = {};
  let header: TraceHeader | undefined;
  let exchanges = 0;
  const lines = readTrace(file, { lenient: options.lenient === true, skipped: (error) => skipped.push(error), header: (read) => (header = read) });
  for await (const { line, exchange } of lines) {
    exchanges++;
    ops[exchange.request.op] = (ops[exchange.request.op] ?? 0) + 1;
    const { conversation } = exchange;
    let truth = conversation === undefined ? new ConversationTruth() : conversations.get(conversation);
    if (truth === undefined) conversations.set(conversation as string, (truth = new ConversationTruth()));
    for (const { property, finding } of judgeExchange(exchange, truth, properties, level)) {
      const seen = found.get(property);
      if (seen !== undefined) seen.count++;
      if (seen !== undefined && exchange.request.window.spans.length >= windowLength(seen.smallest)) continue;
      const standalone = breaksAlone(
        exchange,
        properties.find((candidate) => candidate.id === property)!,
        level,
      );
      const origin = { kind: "trace" as const, file, line, ...(conversation === undefined ? {} : { conversation }), ...(standalone ? { standalone } : {}) };
      const smallest = { finding, exchange, origin };
      if (seen === undefined) found.set(property, { count: 1, firstLine: line, smallest });
      else seen.smallest = smallest;
    }
  }
  const findings = properties.flatMap((property) => {
    const seen = found.get(property.id);
    return seen === undefined ? [] : [{ property: property.id, ...seen }];
  });
  // readTrace throws on a file without a valid header, so a finished read has one.
  return { header: header as TraceHeader, exchanges, ops, skipped, findings };
}

/** How large a finding's window is, in spans: of a property's findings, the smallest is the one reported. */
export function windowLength(found: TraceFinding): number {
  return found.exchange.request.window.spans.length;
}

/**
 * Whether the exchange breaks the property judged with only what its own request shows, not what the
 * conversation's earlier exchanges taught: then it is a counterexample of its own, which replay can re-send.
 */
function breaksAlone(exchange: TraceExchange, property: Property, level: Level): boolean {
  return judgeExchange(exchange, new ConversationTruth(), [property], level).length > 0;
}
