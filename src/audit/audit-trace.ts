import type { InputError } from "../errors/input.ts";
import type { Finding, Level, Property } from "../models/property.ts";
import type { TraceOrigin } from "../models/origin.ts";
import { readTrace } from "../trace/read-trace.ts";
import { ConversationTruth, judgeExchange } from "./judge.ts";

export interface TraceFinding {
  readonly property: string;
  readonly finding: Finding;
  readonly origin: TraceOrigin;
}

export interface TraceAudit {
  readonly exchanges: number;
  readonly skipped: readonly InputError[];
  readonly findings: readonly TraceFinding[];
}

/**
 * Audits one trace in a single streaming pass. Exchanges of a conversation share what is known of its spans;
 * one without a conversation id is judged on its own. Memory grows with the number of conversations and
 * findings, not with the trace's length.
 */
export async function auditTrace(file: string, properties: readonly Property[], level: Level, options: { lenient?: boolean } = {}): Promise<TraceAudit> {
  const skipped: InputError[] = [];
  const findings: TraceFinding[] = [];
  const conversations = new Map<string, ConversationTruth>();
  let exchanges = 0;
  for await (const { line, exchange } of readTrace(file, { lenient: options.lenient === true, skipped: (error) => skipped.push(error) })) {
    exchanges++;
    const { conversation } = exchange;
    let truth = conversation === undefined ? new ConversationTruth() : conversations.get(conversation);
    if (truth === undefined) conversations.set(conversation as string, (truth = new ConversationTruth()));
    for (const { property, finding } of judgeExchange(exchange, truth, properties, level)) {
      findings.push({ property, finding, origin: { kind: "trace", file, line, ...(conversation === undefined ? {} : { conversation }) } });
    }
  }
  return { exchanges, skipped, findings };
}
