import { describeIssues } from "../errors/input.ts";
import { isHighSurrogate } from "../wire/utf16.ts";
import { CompiledOperationResponse } from "../wire/compiled.ts";
import { describeWireDataProblem, inspectWireData, longTextProblem, WIRE_LIMITS, wireDataProblem } from "../wire/limits.ts";
import { capabilitiesFrom, HelloResponse } from "../wire/index.ts";
import type { Capability, OperationRequest, Outcome } from "../wire/index.ts";
import { ModelCallLine, type ModelCall } from "../wire/model.ts";

/** Why a line is past the limits, found before it is parsed (long lines only); null when it is within them, as far as that shows. */
function prescan(line: string): string | null {
  const problem = longTextProblem(line, { values: WIRE_LIMITS.values });
  return problem === null ? null : `${describeWireDataProblem(problem)} (found before parsing the line)`;
}

/** Enough of a bad line to recognise it in a report, not enough to drown the report. */
const LINE_PREVIEW = 200;
const MAX_ISSUES = 10;

export type Reading<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: "not_json" | "limits" | "schema" | "wrong_id"; readonly detail: string };

export interface Hello {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  readonly pipelining: boolean;
  /** The minor version of protocol 1 it speaks (0 when it declares none). */
  readonly minor: number;
}

/** The hello answer, or why it is not one (every reason is a handshake fault). */
export function readHello(line: string): Reading<Hello> {
  const past = prescan(line);
  if (past !== null) return { ok: false, code: "limits", detail: `answered hello with a line outside the protocol's limits: ${past}` };
  const json = parseJson(line);
  if (!json.ok) return { ok: false, code: "not_json", detail: `answered hello with a line that is not JSON: ${json.detail}` };
  const problem = wireDataProblem(json.value);
  if (problem !== null)
    return { ok: false, code: "limits", detail: `answered hello with a line outside the protocol's limits: ${describeWireDataProblem(problem)}` };
  const parsed = HelloResponse.safeParse(json.value);
  if (!parsed.success)
    return { ok: false, code: "schema", detail: `answered hello with something other than a HelloResponse: ${describeIssues(parsed.error, MAX_ISSUES)}` };
  if (parsed.data.id !== 0) return { ok: false, code: "wrong_id", detail: `answered hello (id 0) with id ${parsed.data.id}` };
  // The harness's model is served from protocol 1.1 on: a 1.0 adapter's `model` is ignored, as an unknown capability is.
  const minor = parsed.data.protocol_minor ?? 0;
  const capabilities = capabilitiesFrom(parsed.data.capabilities).filter((capability) => capability !== "model" || minor >= 1);
  if (!capabilities.includes("prune")) {
    return {
      ok: false,
      code: "schema",
      detail: `declares capabilities ${JSON.stringify(parsed.data.capabilities)} without "prune"; every adapter must implement prune`,
    };
  }
  return { ok: true, value: { name: parsed.data.name, capabilities, pipelining: parsed.data.pipelining === true, minor } };
}

/** The outcome of a request, or the fault its answer line is. */
export function readResponse(line: string, request: OperationRequest): Reading<Outcome> {
  const turn = readTurn(line, request, false);
  return turn.ok ? { ok: true, value: (turn.value as { outcome: Outcome }).outcome } : turn;
}

/**
 * What a line past the limits is called in its fault: a model call is not an answer (issue 45). Unparsed,
 * a line is taken for a call when a top-level "model" key opens it, as a ModelCallLine's does after its id.
 */
const MODEL_CALL_LABEL = "the model call made for";

function lineLabel(line: string): string {
  return /^\s*\{\s*"id"\s*:\s*[-0-9.eE+]+\s*,\s*"model"\s*:/.test(line.slice(0, 64)) ? MODEL_CALL_LABEL : "the answer to";
}

/** A line an adapter wrote while a request was pending: its answer, or a call to the harness's model. */
export type Turn = { readonly outcome: Outcome } | { readonly call: ModelCall };

/**
 * A line written while `request` is pending, read as its answer or, when `model` (an adapter that declared
 * `model` in protocol 1.1, handling summarize or compact), possibly a call to the harness's model; else the
 * fault the line is. `declared`: the adapter declared `model`, so a call outside those requests is named as such.
 */
export function readTurn(line: string, request: OperationRequest, model: boolean, declared = model): Reading<Turn> {
  // A long line is read for the limits before it is parsed: what parsing it costs is then bounded by them.
  const past = prescan(line);
  if (past !== null) return { ok: false, code: "limits", detail: `${lineLabel(line)} ${request.op} request ${request.id}: ${past}` };
  const json = parseJson(line);
  if (!json.ok) return { ok: false, code: "not_json", detail: json.detail };
  // Before anything walks the answer (the id check included, which would print 1e400 as null).
  const { problem, protoField } = inspectWireData(json.value);
  if (problem !== null) {
    const what = isRecord(json.value) && "model" in json.value ? MODEL_CALL_LABEL : "the answer to";
    return { ok: false, code: "limits", detail: `${what} ${request.op} request ${request.id}: ${describeWireDataProblem(problem)}` };
  }
  // Of the shape, the id is checked first: an answer to another request is out of step, whatever its shape.
  if (isRecord(json.value) && "id" in json.value && json.value.id !== request.id) {
    return { ok: false, code: "wrong_id", detail: `expected id ${request.id}, got ${describeId(json.value.id)}` };
  }
  const isCall = isRecord(json.value) && "model" in json.value;
  if (isCall && model) {
    const call = ModelCallLine.safeParse(json.value);
    if (call.success) return { ok: true, value: { call: call.data.model } };
    return {
      ok: false,
      code: "schema",
      detail: `the model call made for ${request.op} request ${request.id} is not a ModelCallLine: ${describeIssues(call.error, MAX_ISSUES)}`,
    };
  }
  const parsed = CompiledOperationResponse.safeParse(json.value);
  if (!parsed.success) {
    const hint = !isCall
      ? ""
      : declared
        ? ` (it looks like a model call, made while it handles a ${request.op} request: an adapter calls the model only while it handles summarize or compact)`
        : ` (it looks like a model call, which only an adapter that declares "model" and "protocol_minor": 1 in hello may make)`;
    return {
      ok: false,
      code: "schema",
      detail: `the answer to ${request.op} request ${request.id} is not an OperationResponse${hint}: ${describeIssues(parsed.error, MAX_ISSUES)}`,
    };
  }
  const response = parsed.data;
  // zod assigns fields, so an own `__proto__` field would become a prototype and be lost: such a window is
  // kept as the line has it, and judged with that field.
  if (!response.ok) return { ok: true, value: { outcome: { ok: false, error: response.error } } };
  const window = protoField ? (json.value as { window: typeof response.window }).window : response.window;
  return { ok: true, value: { outcome: { ok: true, window } } };
}

/**
 * A line that arrived while nothing was pending. Pairing it with the next request would shift every
 * later answer by one, so it is a fault in itself.
 */
export function readStray(line: string, request: OperationRequest): Extract<Reading<never>, { ok: false }> {
  return outOfStep(line, `the adapter wrote a line while no request was pending, so request ${request.id} was not sent (the stream is out of step)`);
}

/**
 * A line the adapter wrote after a model call and before the harness had answered it: it did not read the
 * model_answer first (docs/protocol.md [p-model-wait]), so whatever it meant, the lines no longer pair up.
 */
export function readOutOfTurn(line: string, request: OperationRequest): Extract<Reading<never>, { ok: false }> {
  return outOfStep(
    line,
    `${request.op} request ${request.id}: after a model call the adapter wrote another line before the harness had answered the call (it must read the model_answer first)`,
  );
}

/** A line that came when none was due: `wrong_id` (or `not_json`), saying `what` happened and what the line held. */
function outOfStep(line: string, what: string): Extract<Reading<never>, { ok: false }> {
  const json = parseJson(line);
  return { ok: false, code: json.ok ? "wrong_id" : "not_json", detail: `${what}: ${json.ok ? previewOf(line) : json.detail}` };
}

function parseJson(line: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(line) as unknown };
  } catch (error) {
    return { ok: false, detail: `${previewOf(line)} (${(error as Error).message})` };
  }
}

/** An id as the adapter wrote it, saying so when no request could ever have had it. */
function describeId(id: unknown): string {
  const shown = JSON.stringify(id);
  return Number.isSafeInteger(id) && (id as number) >= 0 ? shown : `${shown}, which is not a request id (ids are integers from 0 to 2^53−1)`;
}

function previewOf(line: string): string {
  if (line.length <= LINE_PREVIEW) return JSON.stringify(line);
  const cut = line.slice(0, LINE_PREVIEW);
  // Never end the preview on half of a surrogate pair.
  const preview = isHighSurrogate(cut.charCodeAt(cut.length - 1)) ? cut.slice(0, -1) : cut;
  return `${JSON.stringify(preview)}… (${line.length} characters)`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
