import { parentPort, workerData } from "node:worker_threads";
import { PROPERTIES } from "../../properties/index.ts";
import { HarnessError } from "../errors/harness.ts";
import { serializeError } from "../errors/serialized.ts";
import type { AuditJob, AuditPlan, AuditThreadEvent } from "../audit/audit-files.ts";
import { auditTrace } from "../audit/audit-trace.ts";

/**
 * An audit worker thread: audits the files main hands it, one at a time, telling how far it is as it reads.
 * A front end's module, since it needs the property catalog, which the core is handed and never imports.
 */
const port = parentPort;
if (port === null) throw new HarnessError("not_a_worker", "src/cli/audit-thread.ts runs as a worker thread; auditFiles starts it");
const plan = workerData as AuditPlan;
// Properties are code: the plan names them, and each thread has the catalog.
const properties = PROPERTIES.filter((property) => plan.properties.includes(property.id));
const emit = (event: AuditThreadEvent) => port.postMessage(event);

port.on("message", async ({ index, file }: AuditJob) => {
  try {
    const audit = await auditTrace(file, properties, plan.level, {
      ...plan.options,
      progress: (read) => emit({ type: "progress", index, ...read }),
    });
    emit({ type: "done", index, audit });
  } catch (error) {
    emit({ type: "failed", index, error: serializeError(error) });
  }
});
