export { ProvenanceEntry, Span, SpanKind, Store, Window, kindOf } from "./window.ts";
export { spanSize, windowSize } from "./budget.ts";
export { isBlank } from "./blank.ts";
export { PRECONDITION_TAGS, isPreconditionTag, isPreconditionBearing, preconditionTagsOf } from "./tags.ts";
export type { PreconditionTag } from "./tags.ts";
export {
  Budget,
  Capability,
  CompactRequest,
  ErrorResponse,
  HelloRequest,
  HelloResponse,
  OperationRequest,
  OperationResponse,
  PROTOCOL_VERSION,
  PruneRequest,
  RegroundRequest,
  Request,
  ShutdownRequest,
  SummarizeRequest,
  WindowResponse,
  WireError,
  capabilitiesFrom,
} from "./protocol.ts";
export type { Operation, OperationCall, Outcome } from "./protocol.ts";
