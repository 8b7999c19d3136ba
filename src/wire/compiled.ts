import { z } from "zod";
import { OperationResponse } from "./protocol.ts";
import { TraceExchange } from "./trace.ts";
import { Window } from "./window.ts";

/**
 * The schemas the harness parses on every request, compiled ahead of time by zod (`z.compile`): valid
 * input runs through code generated from the schema, anything else falls back to the ordinary parser, so
 * results, issues and messages are exactly the schema's. Still one source of truth, several times faster
 * (docs/performance.md); `compiled.test.ts` holds both to the same answers.
 */
export const CompiledWindow = z.compile(Window);
export const CompiledOperationResponse = z.compile(OperationResponse);
/** Every line of a trace, which an audit reads by the million. */
export const CompiledTraceExchange = z.compile(TraceExchange);
