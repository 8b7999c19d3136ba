import { parentPort, workerData } from "node:worker_threads";
import { interruptible } from "../src/transport/interruptible.ts";
import { openTarget } from "../src/engine/target.ts";
import { serializeError } from "../src/errors/serialized.ts";
import type { CampaignCommand, WorkerEvent, WorkerPlan } from "./messages.ts";
import { runWorker } from "./worker.ts";
import { HarnessError } from "../src/errors/harness.ts";

/** A worker thread's life: open its own driver (its own adapter process for --cmd), run, report, close. */
const port = parentPort;
if (port === null) throw new HarnessError("not_a_worker", "fuzz/thread.ts runs as a worker thread; the campaign starts it (fuzz/campaign.ts)");
const plan = workerData as WorkerPlan;
const emit = (event: WorkerEvent) => port.postMessage(event);
// Stopping kills a stdio adapter at once and makes the driver send nothing more, so the round in flight ends.
const stop = new AbortController();
const failed = new Set<string>();
port.on("message", (command: CampaignCommand) => {
  if (command.type === "stop") stop.abort("SIGINT");
  else failed.add(command.property);
});

try {
  const driver = await openTarget(plan.target, { timeoutMs: plan.timeoutMs, signal: stop.signal });
  try {
    emit({ type: "ready", name: driver.name, capabilities: driver.capabilities });
    const result = await runWorker(plan, interruptible(driver, stop.signal), { stopped: () => stop.signal.aborted, failed, emit });
    emit({ type: "done", result });
  } finally {
    await driver.close();
  }
} catch (error) {
  emit({ type: "fatal", error: serializeError(error) });
} finally {
  // The message listener keeps the thread alive; once the result is posted there is nothing left to hear.
  port.unref();
}
