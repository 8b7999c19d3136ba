import { describeIssues } from "../errors/input.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import { CompiledWindow } from "../wire/compiled.ts";
import type { Window } from "../wire/window.ts";
import { describeWireDataProblem, inspectWireData } from "../wire/limits.ts";
import { capabilitiesFrom } from "../wire/index.ts";
import type { OperationCall, OperationRequest, Outcome, WireError } from "../wire/index.ts";
import type { Driver, Exchange, SendOptions } from "./driver.ts";
import type { Model } from "../llm/model.ts";
import { scriptedModel } from "../llm/scripted-model.ts";
import type { Pruner } from "./pruner.ts";

/** Runs a TypeScript/JavaScript pruner object in this process, speaking the same protocol as stdio. */
export function inProcessDriver(pruner: Pruner): Driver {
  const capabilities = capabilitiesFrom(["prune", ...pruner.capabilities]);
  let nextId = 1;
  return {
    name: pruner.name,
    capabilities,
    async send(call: OperationCall, options: SendOptions = {}): Promise<Exchange> {
      const request = { ...call, id: nextId++ } as OperationRequest;
      if (!usesModel(request, capabilities)) return { request, outcome: await invoke(pruner, request) };
      // The harness's model answers from the scenario's script, over the request's window.
      const { model, exchanges } = scriptedModel(options.model ?? [], request.window);
      return { request, outcome: await invoke(pruner, request, model), model: exchanges };
    },
    stderrTail: () => "",
    close: async () => {},
  };
}

/**
 * Whether the pruner gets the harness's model for this request: a summary without text is its to write,
 * and a compactor that declares `model` chooses and summarizes with it.
 */
export function usesModel(request: OperationRequest, capabilities: readonly string[]): boolean {
  return (request.op === "summarize" && request.summary_text === undefined) || (request.op === "compact" && capabilities.includes("model"));
}

async function invoke(pruner: Pruner, request: OperationRequest, model?: Model): Promise<Outcome> {
  const method = model !== undefined && request.op === "summarize" ? "summarizeWithModel" : request.op;
  if (method !== "prune" && typeof pruner[method] !== "function") {
    return { ok: false, error: { type: "UnsupportedOperation", message: `${pruner.name} does not implement ${method}`, span_id: null } };
  }
  let returned: unknown;
  try {
    returned = await callPruner(pruner, request, model);
  } catch (error) {
    return { ok: false, error: thrownError(error, request) };
  }
  // Held to what a stdio answer could carry before anything walks it; the window is level 2 of the
  // answer it stands for. A getter or proxy that throws while being read is the pruner's fault too.
  let problem: string | null;
  let protoField = false;
  try {
    const inspected = inspectWireData(returned, 2);
    protoField = inspected.protoField;
    problem = inspected.problem === null ? null : describeWireDataProblem(inspected.problem);
  } catch (error) {
    problem = `reading it threw ${describeUnreadable(error)}`;
  }
  if (problem !== null) throw new AdapterFault("limits", request, `what ${request.op} request ${request.id} returned: ${problem}`);
  const parsed = CompiledWindow.safeParse(returned);
  if (!parsed.success) {
    throw new AdapterFault("schema", request, `${request.op} returned something that is not a Window: ${describeIssues(parsed.error)}`);
  }
  // zod assigns fields, so an own `__proto__` field would become a prototype and be lost: such a window is
  // kept as its JSON is, and judged with that field.
  return { ok: true, window: protoField ? (JSON.parse(JSON.stringify(returned)) as Window) : parsed.data };
}

/** The pruner's method for the request's operation, called with the request's arguments. */
export function callPruner(pruner: Pruner, request: OperationRequest, model: Model | undefined): unknown {
  switch (request.op) {
    case "prune":
      return pruner.prune(request.window, request.evict_ids, request.store);
    case "summarize":
      return model === undefined
        ? pruner.summarize?.(request.window, request.span_ids, request.summary_id, request.summary_text ?? "", request.store)
        : pruner.summarizeWithModel?.(request.window, request.span_ids, request.summary_id, request.store, model);
    case "reground":
      return pruner.reground?.(request.window, request.store);
    case "compact":
      return model === undefined
        ? pruner.compact?.(request.window, request.store, request.budget)
        : pruner.compact?.(request.window, request.store, request.budget, model);
  }
}

/**
 * What the pruner threw, as the wire's error; a value that cannot even be read (a getter or a proxy that
 * throws, an object with no way to be a string) is the pruner's fault, never the harness's.
 */
function thrownError(error: unknown, request: OperationRequest): WireError {
  try {
    return toWireError(error);
  } catch (unreadable) {
    throw new AdapterFault(
      "schema",
      request,
      `${request.op} request ${request.id} threw a value (${typeof error}) that cannot be read as an error (reading it threw ${describeUnreadable(unreadable)})`,
    );
  }
}

/** What reading a thrown value threw, as far as that can be read in turn. */
function describeUnreadable(value: unknown): string {
  try {
    return value instanceof Error ? `${value.name}: ${value.message}` : typeof value;
  } catch {
    return "a value that cannot be read either";
  }
}

/** What a thrown value looks like on the wire, so in-process and stdio refusals are judged alike. */
export function toWireError(error: unknown): WireError {
  if (error instanceof UnrecoverablePruneError) {
    return { type: "UnrecoverablePruneError", message: error.message, span_id: error.span_id, code: error.code };
  }
  if (error instanceof Error) {
    const record = error as Error & { span_id?: unknown; spanId?: unknown; code?: unknown };
    const spanId = record.span_id ?? record.spanId;
    return {
      type: error.name || "Error",
      message: error.message,
      span_id: typeof spanId === "string" ? spanId : null,
      ...(typeof record.code === "string" ? { code: record.code } : {}),
    };
  }
  return { type: typeof error, message: String(error), span_id: null };
}
