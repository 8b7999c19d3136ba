import { z } from "zod";
import { ModelAnswer, ModelCall } from "./model.ts";
import { ImplementationName, OperationRequest, OperationResponse } from "./protocol.ts";

/** The trace format this prunecheck writes and reads (docs/trace.md). */
export const TRACE_FORMAT = "prunecheck-trace";
export const TRACE_VERSION = 1;

/**
 * A trace's first line: which format and version the lines after it follow, so that a reader refuses a
 * version it does not know instead of misjudging it.
 */
export const TraceHeader = z
  .strictObject({
    format: z.literal(TRACE_FORMAT),
    version: z.literal(TRACE_VERSION),
    /** What was recorded: the adapter's hello name and capabilities, when the recorder knew them. */
    implementation: z.strictObject({ name: ImplementationName, capabilities: z.array(z.string()) }).optional(),
    /** When recording started (ISO 8601). */
    created: z.iso.datetime().optional(),
    /**
     * How the recorded pruner was reached, so a report names the flag that runs its fix: `module`, a JS/TS
     * pruner recorded in process (recordPruner; --impl); `stdio`, an adapter (`prunecheck record`; --cmd).
     * Absent: not said (the Python kit's in-process recorder, whose pruner is run through its adapter: --cmd).
     */
    recorder: z.enum(["module", "stdio"]).optional(),
  })
  .meta({ id: "TraceHeader", description: "The first line of a prunecheck trace." });
export type TraceHeader = z.infer<typeof TraceHeader>;

/** The header a recorder writes first: this format and version, what it records when it knows, and when it started. */
export function traceHeader(created: Date, recorder: NonNullable<TraceHeader["recorder"]>, implementation?: TraceHeader["implementation"]): TraceHeader {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    ...(implementation === undefined ? {} : { implementation }),
    created: created.toISOString(),
    recorder,
  };
}

/**
 * One exchange: the request and its response exactly as the wire carries them (a refusal is a response with
 * `ok: false`), and when each was seen. Exchanges of one conversation share a `conversation` id, so an audit
 * can follow a window from one request to the next; without one, each exchange is judged on its own.
 */
export const TraceExchange = z
  .strictObject({
    request: OperationRequest,
    response: OperationResponse,
    sent_at: z.iso.datetime(),
    answered_at: z.iso.datetime(),
    /** The run or conversation the exchange belongs to, as the recording runtime names it. */
    conversation: z.string().min(1).optional(),
    /**
     * The model calls the pruner made while it answered, each with the model's answer, in order, when the
     * recorder saw them (it handed the pruner the model, or carried the protocol's model lines); empty when
     * it was handed a model and made no call. Without it, an audit cannot tell whether the model failed.
     */
    model: z.array(z.strictObject({ call: ModelCall, answer: ModelAnswer })).optional(),
  })
  .meta({ id: "TraceExchange", description: "One line of a prunecheck trace after the header: a request and its answer or refusal." });
export type TraceExchange = z.infer<typeof TraceExchange>;

/**
 * A line saying a conversation is over: an audit forgets what it knew of the conversation's spans there, so
 * a trace of any number of conversations audits in memory bounded by the conversations open at once. An
 * exchange naming the conversation after its end starts it again, knowing nothing.
 */
export const TraceConversationEnd = z
  .strictObject({
    conversation_end: z.string().min(1),
    /** When the recording runtime ended it (ISO 8601). */
    at: z.iso.datetime(),
  })
  .meta({ id: "TraceConversationEnd", description: "A line of a prunecheck trace after the header: the named conversation is over." });
export type TraceConversationEnd = z.infer<typeof TraceConversationEnd>;

/** The line a recorder writes when a conversation ends. */
export function conversationEnd(conversation: string, at: Date): TraceConversationEnd {
  return { conversation_end: conversation, at: at.toISOString() };
}
