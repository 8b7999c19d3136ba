import { z } from "zod";
import { HelloRequest, HelloResponse, OperationResponse, Request } from "./protocol.ts";
import { TraceConversationEnd, TraceExchange, TraceHeader } from "./trace.ts";
import { ModelAnswerLine, ModelCallLine } from "./model.ts";
import { Span, Window } from "./window.ts";

/**
 * The JSON Schemas other-language implementers validate against, generated from the zod schemas (the one
 * source of truth) and checked in under `schema/`; CI fails when they drift.
 */
export const JSON_SCHEMA_SOURCES = {
  "request.schema.json": Request,
  "hello-request.schema.json": HelloRequest,
  "hello-response.schema.json": HelloResponse,
  "operation-response.schema.json": OperationResponse,
  "model-call.schema.json": ModelCallLine,
  "model-answer.schema.json": ModelAnswerLine,
  "window.schema.json": Window,
  "span.schema.json": Span,
  "trace-header.schema.json": TraceHeader,
  "trace-exchange.schema.json": TraceExchange,
  "trace-conversation-end.schema.json": TraceConversationEnd,
} as const;

export type JsonSchemaFile = keyof typeof JSON_SCHEMA_SOURCES;

export function jsonSchemas(): Record<JsonSchemaFile, unknown> {
  return Object.fromEntries(
    Object.entries(JSON_SCHEMA_SOURCES).map(([file, schema]) => [
      file,
      z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }),
    ]),
  ) as Record<JsonSchemaFile, unknown>;
}

export function renderJsonSchema(schema: unknown): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
