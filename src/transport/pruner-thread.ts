import { parentPort, workerData } from "node:worker_threads";
import { loadPruner } from "../engine/target.ts";
import { HarnessError } from "../errors/harness.ts";
import { serializeError } from "../errors/serialized.ts";
import { inProcessDriver } from "./in-process.ts";
import type { ContainedCall, ContainedEvent } from "./contained.ts";

/**
 * The thread an in-process pruner runs in (contained.ts): it loads the module, then answers each call with
 * the in-process driver, exactly as in one thread. A pruner that never returns holds only this thread,
 * which the harness can stop; what it returns, throws or scribbles on comes back as data.
 */
const port = parentPort;
if (port === null) throw new HarnessError("not_a_worker", "src/transport/pruner-thread.ts runs as a worker thread; contained.ts starts it");
const emit = (event: ContainedEvent) => port.postMessage(event);

try {
  const driver = inProcessDriver(await loadPruner(workerData as string));
  emit({ type: "ready", name: driver.name, capabilities: driver.capabilities });
  port.on("message", async ({ call, options }: ContainedCall) => {
    try {
      emit({ type: "answer", exchange: await driver.send(call, options) });
    } catch (error) {
      emit({ type: "fault", error: serializeError(error) });
    }
  });
} catch (error) {
  emit({ type: "fatal", error: serializeError(error) });
}
