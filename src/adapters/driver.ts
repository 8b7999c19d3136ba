import type { Capability, OperationCall, OperationRequest, Outcome } from "../wire/protocol.ts";

/** One request as it went over the wire, and what came back. */
export interface Exchange {
  readonly request: OperationRequest;
  readonly outcome: Outcome;
}

/**
 * The harness's only view of an implementation, whatever its language: properties run against a Driver,
 * so in-process modules and stdio adapters are checked by the same code.
 */
export interface Driver {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  /**
   * True when the implementation can never reach the objects of a call (a stdio driver serializes
   * them), so the harness need not copy a call to keep its own state out of the implementation's hands.
   */
  readonly isolatesInputs?: boolean;
  /**
   * True when the implementation runs outside the harness's thread (a stdio adapter), so runs checked side
   * by side overlap: the implementation answers one while the harness builds and checks another's
   * requests. In-process pruners run on the harness's own thread, where side by side gains nothing.
   */
  readonly concurrent?: boolean;
  /**
   * Sends one operation. Resolves with the exchange, a refusal included; rejects with an
   * `AdapterFault` when the implementation broke the protocol (after which the driver is usable again:
   * a stdio driver restarts its process, so shrinking can go on).
   */
  send(call: OperationCall): Promise<Exchange>;
  /** The last lines the implementation wrote to stderr (a rolling tail, kept across restarts), for reports. */
  stderrTail(): string;
  close(): Promise<void>;
}
