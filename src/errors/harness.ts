import { PrunecheckError } from "./prunecheck-error.ts";

/**
 * prunecheck itself could not go on: neither a finding about the implementation (PropertyViolation,
 * AdapterFault) nor bad input (InputError). The CLI prints these as bugs in prunecheck, except where
 * the caller stopped the run on purpose (`interrupted`, `driver_closed`).
 */
export type HarnessErrorCode =
  /** The driver was closed (by the caller, or by an interrupt) with requests still to send. */
  | "driver_closed"
  /** The run's abort signal fired, so no further request is sent. */
  | "interrupted"
  /** A report's replay threw inside the harness, so neither "still fails" nor "passes now" is known. */
  | "replay_failed"
  /** A fuzz worker failed or exited without its result. */
  | "worker_failed"
  /** A module meant to run in a worker thread was loaded some other way. */
  | "not_a_worker";

export class HarnessError extends PrunecheckError<HarnessErrorCode> {
  static override readonly kind = "HarnessError";
}
