import type { ModelAnswerSpec } from "../llm/answer.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { Capability, OperationCall, OperationRequest, Outcome } from "../wire/protocol.ts";

/** One request as it went over the wire, and what came back. */
export interface Exchange {
  readonly request: OperationRequest;
  readonly outcome: Outcome;
  /** The calls the pruner made to the harness's model while it answered, in order, each with its answer. */
  readonly model?: readonly ModelExchange[];
}

export interface SendOptions {
  /**
   * This request's timeout instead of the driver's own, for a driver that has one: shorter while a hang
   * is shrunk, so that each candidate that hangs costs little.
   */
  readonly timeoutMs?: number;
  /** What the harness's model answers this request's calls with, in order (see src/llm/answer.ts). */
  readonly model?: readonly ModelAnswerSpec[];
}

/** How a driver that times requests out does so, and how long its implementation has taken to answer. */
export interface Timing {
  /** The per-request timeout a request gets unless it asks for another. */
  readonly timeoutMs: number;
  /** The longest an answered request has taken so far, as its timeout counts it; 0 before any answer. */
  readonly slowestAnswerMs: number;
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
  send(call: OperationCall, options?: SendOptions): Promise<Exchange>;
  /** Present when requests can time out (a stdio adapter, a contained module); the embedded reference is never timed out. */
  timing?(): Timing;
  /** The last lines the implementation wrote to stderr (a rolling tail, kept across restarts), for reports. */
  stderrTail(): string;
  close(): Promise<void>;
}

/** The same driver with every send going through `send`: how a wrapper adds to sending and keeps the rest. */
export function withSend(driver: Driver, send: Driver["send"]): Driver {
  return {
    name: driver.name,
    capabilities: driver.capabilities,
    ...(driver.isolatesInputs === undefined ? {} : { isolatesInputs: driver.isolatesInputs }),
    ...(driver.concurrent === undefined ? {} : { concurrent: driver.concurrent }),
    ...(driver.timing === undefined ? {} : { timing: driver.timing.bind(driver) }),
    send,
    stderrTail: () => driver.stderrTail(),
    close: () => driver.close(),
  };
}
