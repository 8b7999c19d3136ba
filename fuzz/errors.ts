import { AdapterFault, type AdapterFaultCode } from "../src/errors/adapter-fault.ts";
import { InputError, type InputErrorCode } from "../src/errors/input.ts";
import type { SerializedError } from "./messages.ts";
import { HarnessError } from "../src/errors/harness.ts";

/** What a worker could not start with (a bad module, a failed handshake), as data for postMessage. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof InputError)
    return { kind: "input", code: error.code, message: error.message, ...(error.hint === undefined ? {} : { hint: error.hint }) };
  if (error instanceof AdapterFault) return { kind: "adapter", code: error.code, detail: error.detail, stderrTail: error.stderrTail };
  return { kind: "internal", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The same typed error again, so main maps it to the same exit code and message as for `run`. */
export function reviveError(error: SerializedError): Error {
  switch (error.kind) {
    case "input":
      return new InputError(error.code as InputErrorCode, error.message, error.hint);
    case "adapter":
      return new AdapterFault(error.code as AdapterFaultCode, null, error.detail, error.stderrTail);
    case "internal":
      return new HarnessError("worker_failed", `a fuzz worker failed: ${error.message}`);
  }
}
