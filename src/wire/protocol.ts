import { z } from "zod";
import { Store, Window } from "./window.ts";

/** The stdio protocol version this harness speaks. */
export const PROTOCOL_VERSION = 1;
/**
 * Its minor version: 1.1 adds calls to the harness's model (docs/protocol.md, "Model calls"). An adapter
 * declares the minor version it speaks in hello; one that declares none speaks 1.0, and is sent nothing new.
 */
export const PROTOCOL_MINOR = 1;

/** The operations a pruner may declare, in the order the harness lists them. */
export const OPERATIONS = ["prune", "summarize", "reground", "compact"] as const;
/**
 * What a pruner declares: its operations, and `model` when it chooses and writes summaries with the
 * harness's model (over stdio from protocol 1.1: docs/protocol.md, "Model calls").
 */
export const Capability = z.enum([...OPERATIONS, "model"]);
export type Capability = z.infer<typeof Capability>;

export const RequestId = z.int().min(0);

export const HelloRequest = z.strictObject({ id: RequestId, op: z.literal("hello"), protocol: z.literal(PROTOCOL_VERSION) });
export const PruneRequest = z
  .strictObject({ id: RequestId, op: z.literal("prune"), window: Window, evict_ids: z.array(z.string()), store: Store })
  .meta({ id: "PruneRequest" });
export const SummarizeRequest = z
  .strictObject({
    id: RequestId,
    op: z.literal("summarize"),
    window: Window,
    span_ids: z.array(z.string()),
    summary_id: z.string().min(1),
    /** Absent for a pruner that declares `model`: it writes the summary itself, with the harness's model. */
    summary_text: z.string().optional(),
    store: Store,
  })
  .meta({ id: "SummarizeRequest" });
export const RegroundRequest = z.strictObject({ id: RequestId, op: z.literal("reground"), window: Window, store: Store }).meta({ id: "RegroundRequest" });
/**
 * A size limit for `compact`. `chars` counts Unicode code points of every span's text; `tokens`
 * approximates tokens as ceil(code points / 4) per span, summed. See src/wire/budget.ts.
 */
export const Budget = z.strictObject({ unit: z.enum(["chars", "tokens"]), limit: z.int().min(0) }).meta({ id: "Budget" });
export type Budget = z.infer<typeof Budget>;

/** Budget-driven compaction: the implementation chooses what to evict; the harness infers it by diffing. */
export const CompactRequest = z
  .strictObject({ id: RequestId, op: z.literal("compact"), window: Window, store: Store, budget: Budget })
  .meta({ id: "CompactRequest" });
export type CompactRequest = z.infer<typeof CompactRequest>;

export const ShutdownRequest = z.strictObject({ id: RequestId, op: z.literal("shutdown") });

/** The requests that ask a pruner to change a window; the ones properties are checked on. */
export const OperationRequest = z.discriminatedUnion("op", [PruneRequest, SummarizeRequest, RegroundRequest, CompactRequest]);
export type OperationRequest = z.infer<typeof OperationRequest>;
export type PruneRequest = z.infer<typeof PruneRequest>;
export type SummarizeRequest = z.infer<typeof SummarizeRequest>;
export type RegroundRequest = z.infer<typeof RegroundRequest>;
export type Operation = OperationRequest["op"];

export const Request = z
  .discriminatedUnion("op", [HelloRequest, PruneRequest, SummarizeRequest, RegroundRequest, CompactRequest, ShutdownRequest])
  .meta({ id: "Request", description: "One line on the adapter's stdin." });
export type Request = z.infer<typeof Request>;

/** Requests as the harness builds them, before the transport stamps an id. */
export type OperationCall = OperationRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

/**
 * An implementation's name, as a hello, a module's pruner or a trace header gives it: shown in every report
 * and console line, so bounded (issue 33: a 5 MB name cost 2 GB), and so is every file field that holds one.
 */
export const IMPLEMENTATION_NAME_MAX = 256;
export const ImplementationName = z.string().min(1).max(IMPLEMENTATION_NAME_MAX);

export const HelloResponse = z
  .looseObject({
    id: RequestId,
    ok: z.literal(true),
    protocol: z.literal(PROTOCOL_VERSION),
    name: ImplementationName,
    // Unknown capabilities are ignored rather than rejected, so adapters can grow ahead of the harness.
    capabilities: z.array(z.string()),
    /**
     * The adapter reads requests one at a time and answers each, in order, before it looks at the next, so
     * the harness may write the next requests before the first is answered (docs/protocol.md §1).
     */
    pipelining: z.boolean().optional(),
    /** The minor version of protocol 1 the adapter speaks; absent means 0. From 1, it may call the harness's model. */
    protocol_minor: z.int().min(0).optional(),
  })
  .meta({ id: "HelloResponse" });
export type HelloResponse = z.infer<typeof HelloResponse>;

export const WireError = z
  .looseObject({
    type: z.string().min(1),
    message: z.string(),
    span_id: z.string().nullable().optional(),
    code: z.string().optional(),
  })
  .meta({ id: "WireError", description: "A refusal. type UnrecoverablePruneError is the loud, typed refusal the seed asks for." });
export type WireError = z.infer<typeof WireError>;

export const WindowResponse = z.strictObject({ id: RequestId, ok: z.literal(true), window: Window });
export const ErrorResponse = z.strictObject({ id: RequestId, ok: z.literal(false), error: WireError });
export const OperationResponse = z
  .discriminatedUnion("ok", [WindowResponse, ErrorResponse])
  .meta({ id: "OperationResponse", description: "One line on the adapter's stdout answering prune, summarize, reground or compact." });
export type OperationResponse = z.infer<typeof OperationResponse>;
export type WindowResponse = z.infer<typeof WindowResponse>;
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A response without its transport id: what properties reason about. */
export type Outcome = { ok: true; window: Window } | { ok: false; error: WireError };

export function capabilitiesFrom(declared: readonly string[]): Capability[] {
  return Capability.options.filter((capability) => declared.includes(capability));
}
