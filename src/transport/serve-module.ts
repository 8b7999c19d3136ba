import { modelAnswering } from "../llm/model.ts";
import { ModelAnswerLine } from "../wire/model.ts";
import { capabilitiesFrom, OperationRequest, PROTOCOL_MINOR, PROTOCOL_VERSION, type OperationResponse } from "../wire/protocol.ts";
import { describeIssues } from "../errors/input.ts";
import { callPruner, toWireError, usesModel } from "./in-process.ts";
import type { Pruner } from "./pruner.ts";

/** Where a served pruner's lines come from and go to: stdin and stdout, or a test's own. */
export interface Lines {
  /** The next line in; undefined at the end of input. */
  next(): Promise<string | undefined>;
  write(line: string): void;
}

/**
 * A TS/JS pruner served over stdio protocol 1.1, as an adapter serves one: what `prunecheck record --impl`
 * runs, so a runtime that speaks the protocol (or `prunecheck run --cmd`) reaches a module as it reaches an
 * adapter. One request at a time (it declares no pipelining). While a request is pending, each call the
 * pruner makes to its model goes out as a model line, and the next line in is taken as its answer. What the
 * pruner returns is sent as it is, so the runtime judges it; what it throws is sent as a refusal. Ends at
 * `shutdown` or the end of input. A line it cannot take is told on `log` and answered as a refusal naming why.
 */
export async function serveModule(pruner: Pruner, lines: Lines, log: (text: string) => void): Promise<void> {
  const capabilities = capabilitiesFrom(["prune", ...pruner.capabilities]);
  for (let line = await lines.next(); line !== undefined; line = await lines.next()) {
    const message = parseLine(line);
    const id = typeof message?.id === "number" ? message.id : null;
    if (message?.op === "shutdown") return;
    if (message?.op === "hello") {
      // Protocol 1.1: a pruner that declares `model` calls the runtime's model over these lines.
      lines.write(JSON.stringify({ id, ok: true, protocol: PROTOCOL_VERSION, protocol_minor: PROTOCOL_MINOR, name: pruner.name, capabilities }));
      continue;
    }
    const parsed = OperationRequest.safeParse(message);
    if (!parsed.success) {
      const why = message === undefined ? "not a JSON object" : describeIssues(parsed.error);
      log(`prunecheck record: a line that is no request (${why}): ${line.slice(0, 200)}`);
      lines.write(JSON.stringify({ id, ok: false, error: { type: "InvalidRequest", message: `not a request this adapter takes: ${why}`, span_id: null } }));
      continue;
    }
    // Checked by zod, handed on as JSON.parse read it: zod drops a store key "__proto__" (guarding the
    // prototype), and the pruner must get the store the runtime sent, that key included.
    const request = message as OperationRequest;
    const model = usesModel(request, capabilities) ? modelOverLines(request.id, lines) : undefined;
    // What it returned goes as it is, unchecked: the runtime is the judge of it.
    let response: { readonly id: number; readonly ok: true; readonly window: unknown } | OperationResponse;
    try {
      response = { id: request.id, ok: true, window: await callPruner(pruner, request, model) };
    } catch (error) {
      response = { id: request.id, ok: false, error: toWireError(error) };
    }
    lines.write(JSON.stringify(response));
  }
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The model of request `id`: each call a model line out, its answer the next line in (protocol 1.1). */
function modelOverLines(id: number, lines: Lines) {
  return modelAnswering(async (call) => {
    lines.write(JSON.stringify({ id, model: call }));
    const line = await lines.next();
    const answer = ModelAnswerLine.safeParse(line === undefined ? undefined : parseLine(line));
    // The runtime broke the protocol: the pruner sees its model fail, and says so as it would of any failure.
    if (!answer.success || answer.data.id !== id)
      return {
        ok: false,
        error: { code: "error", message: `the runtime answered model call of request ${id} with no model answer: ${(line ?? "end of input").slice(0, 200)}` },
      };
    return answer.data.model_answer;
  });
}
