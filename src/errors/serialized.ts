import { AdapterFault, type AdapterFaultCode } from "./adapter-fault.ts";
import { HarnessError } from "./harness.ts";
import { InputError, type InputErrorCode } from "./input.ts";
import type { Request } from "../wire/protocol.ts";

/** A typed error as data, for postMessage between threads: what a thread could not do, and whose fault it was. */
export type SerializedError =
  | { readonly kind: "input"; readonly code: string; readonly message: string; readonly hint?: string }
  | { readonly kind: "adapter"; readonly code: string; readonly detail: string; readonly stderrTail: string }
  | { readonly kind: "internal"; readonly message: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof InputError)
    return { kind: "input", code: error.code, message: error.message, ...(error.hint === undefined ? {} : { hint: error.hint }) };
  if (error instanceof AdapterFault) return { kind: "adapter", code: error.code, detail: error.detail, stderrTail: error.stderrTail };
  return { kind: "internal", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/**
 * The same typed error again, so main maps it to the same exit code and message as in one thread. An
 * adapter fault gets back the request it was about; `where` says which thread an internal error came from.
 */
export function reviveError(error: SerializedError, where: string, request: Request | null = null): Error {
  switch (error.kind) {
    case "input":
      return new InputError(error.code as InputErrorCode, error.message, error.hint);
    case "adapter":
      return new AdapterFault(error.code as AdapterFaultCode, request, error.detail, error.stderrTail);
    case "internal":
      return new HarnessError("worker_failed", `${where} failed: ${error.message}`);
  }
}
