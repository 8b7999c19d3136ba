import { setImmediate as nextTurn } from "node:timers/promises";
import { withSend, type Driver } from "./driver.ts";
import { HarnessError } from "../errors/harness.ts";

/** Often enough that Ctrl-C feels immediate, rare enough to cost nothing. */
const YIELD_EVERY_MS = 50;

/**
 * The same driver, but one a run can be stopped through. An in-process pruner never waits on I/O, so a
 * whole property could run without the event loop turning once, and a signal handler would wait for it:
 * this yields every few milliseconds so the handler runs, and once `signal` aborts it sends nothing more,
 * so the run (and fast-check's shrinking) winds down at once.
 */
export function interruptible(driver: Driver, signal: AbortSignal): Driver {
  let yielded = performance.now();
  return withSend(driver, async (call, options) => {
    if (performance.now() - yielded > YIELD_EVERY_MS) {
      await nextTurn();
      yielded = performance.now();
    }
    if (signal.aborted) throw new HarnessError("interrupted", `the run was interrupted (${String(signal.reason)}), so no request is sent`);
    return driver.send(call, options);
  });
}
