import type { Request } from "../wire/protocol.ts";
import { capText } from "./cap-text.ts";
import { PrunecheckError } from "./prunecheck-error.ts";

/**
 * How an adapter broke the protocol. These are findings about the implementation under test (reported
 * as the `adapter-protocol` property), never crashes of the harness.
 */
export const ADAPTER_FAULTS = Object.freeze({
  spawn: "the adapter command could not be started",
  handshake: "the adapter did not answer hello with a valid protocol 1 handshake",
  timeout: "the adapter did not answer within the per-request timeout",
  crash: "the adapter exited or closed stdout while a request was pending",
  not_json: "the adapter wrote a stdout line that is not JSON",
  not_utf8: "the adapter wrote a stdout line that is not UTF-8",
  limits: "the adapter's response is not JSON data within the protocol's limits",
  schema: "the adapter's response does not match the protocol schema",
  wrong_id: "the adapter answered with an id other than the pending request's",
} as const);

export type AdapterFaultCode = keyof typeof ADAPTER_FAULTS;

export class AdapterFault extends PrunecheckError<AdapterFaultCode> {
  static override readonly kind = "AdapterFault";
  /** Capped: it may quote the adapter's answer (an id, a key zod found unknown). */
  readonly detail: string;
  /** The line the adapter wrote that was no valid answer (not JSON, past the limits, the wrong shape or id), capped; null otherwise. */
  readonly line: string | null;

  constructor(
    code: AdapterFaultCode,
    /** The request that triggered the fault; null when no request was pending (e.g. spawn). */
    readonly request: Request | null,
    detail: string,
    /** The last lines the adapter wrote to stderr, for the report. */
    readonly stderrTail: string = "",
    options?: { cause?: unknown; line?: string | undefined },
  ) {
    const capped = capText(detail);
    super(code, `adapter fault [${code}]: ${ADAPTER_FAULTS[code]}: ${capped}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.detail = capped;
    this.line = options?.line === undefined ? null : capText(options.line);
  }
}
