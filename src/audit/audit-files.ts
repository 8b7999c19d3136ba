import { Worker } from "node:worker_threads";
import { HarnessError } from "../errors/harness.ts";
import { reviveError, type SerializedError } from "../errors/serialized.ts";
import type { Level, Property } from "../models/property.ts";
import { auditTrace, type AuditTraceOptions, type TraceAudit } from "./audit-trace.ts";

/** How far the audit of one file is. */
export interface FileRead {
  readonly bytes: number;
  readonly exchanges: number;
}

/** What every audit thread is told once: the properties by id (they are code, which each thread has), level and options. */
export interface AuditPlan {
  readonly properties: readonly string[];
  readonly level: Level;
  readonly options: Omit<AuditTraceOptions, "progress" | "ask">;
}

export interface AuditJob {
  readonly index: number;
  readonly file: string;
}

export type AuditThreadEvent =
  | ({ readonly type: "progress"; readonly index: number } & FileRead)
  | { readonly type: "done"; readonly index: number; readonly audit: TraceAudit }
  | { readonly type: "failed"; readonly index: number; readonly error: SerializedError };

export interface AuditFilesOptions extends Omit<AuditTraceOptions, "progress"> {
  /** How many files are audited at once, each in a worker thread of its own when more than one. */
  readonly workers: number;
  /**
   * Where an audit worker thread starts: a module that has the property catalog (src/cli/audit-thread.ts),
   * since a thread is handed properties by id, not as code. Without it, files are audited one by one here.
   */
  readonly thread?: URL;
  /** Told how far the audit of file `index` is, as it reads. */
  readonly progress?: (index: number, read: FileRead) => void;
  /** Told of each file's audit once it and every file before it are done: in file order, whatever finished first. */
  readonly audited?: (index: number, audit: TraceAudit) => void;
}

/**
 * Audits the files, at most `workers` at once, and gives their audits in file order. With one file, one
 * worker, no thread module or an implementation to ask again (one driver, which lives in this thread) it
 * audits in this thread; else each worker thread takes the next file when done with one.
 * A bad file stops the audit as it does file by file: the files after it are abandoned, those before it
 * finish, and the first bad file's error is thrown, so which error a user sees never depends on timing.
 */
export async function auditFiles(files: readonly string[], properties: readonly Property[], level: Level, options: AuditFilesOptions): Promise<TraceAudit[]> {
  const { workers, thread, progress, audited, ...traceOptions } = options;
  const audits: (TraceAudit | undefined)[] = [];
  let told = 0;
  const finished = (index: number, audit: TraceAudit) => {
    audits[index] = audit;
    // Not `audited?.(told++, …)`: without a listener, an optional call skips its arguments, told++ with them.
    for (let next = audits[told]; next !== undefined; next = audits[++told]) audited?.(told, next);
  };
  if (thread === undefined || workers === 1 || files.length <= 1 || traceOptions.ask !== undefined) {
    for (const [index, file] of files.entries())
      finished(index, await auditTrace(file, properties, level, { ...traceOptions, progress: (read) => progress?.(index, read) }));
  } else {
    const { ask: _ask, ...planned } = traceOptions;
    const plan: AuditPlan = { properties: properties.map((property) => property.id), level, options: planned };
    await inThreads(files, plan, thread, Math.min(workers, files.length), { progress, finished });
  }
  return audits as TraceAudit[];
}

async function inThreads(
  files: readonly string[],
  plan: AuditPlan,
  entry: URL,
  count: number,
  tell: { progress: AuditFilesOptions["progress"]; finished: (index: number, audit: TraceAudit) => void },
): Promise<void> {
  const threads = Array.from({ length: count }, () => new Worker(entry, { workerData: plan }));
  const busy = new Map<Worker, number>();
  let next = 0;
  let failure: { readonly index: number; readonly error: SerializedError } | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const give = (thread: Worker) => {
        if (failure === null && next < files.length) {
          busy.set(thread, next);
          thread.postMessage({ index: next, file: files[next++] as string } satisfies AuditJob);
        } else if (busy.size === 0) {
          if (failure === null) resolve();
          else reject(reviveError(failure.error, `the audit of ${files[failure.index]}`));
        }
      };
      const lost = (thread: Worker, why: string) => {
        const index = busy.get(thread);
        if (index !== undefined) reject(new HarnessError("worker_failed", `the audit thread of ${files[index]} ${why}`));
      };
      for (const thread of threads) {
        thread.on("message", (event: AuditThreadEvent) => {
          if (event.type === "progress") return tell.progress?.(event.index, event);
          busy.delete(thread);
          if (event.type === "done") tell.finished(event.index, event.audit);
          else if (failure === null || event.index < failure.index) {
            failure = event;
            // Files after the first bad one are abandoned, as a one-by-one audit would never reach them.
            for (const [other, index] of busy) {
              if (index < event.index) continue;
              busy.delete(other);
              void other.terminate();
            }
          }
          give(thread);
        });
        thread.on("error", (error) => lost(thread, `failed: ${error.stack ?? error.message}`));
        thread.on("exit", (code) => lost(thread, `exited with code ${code} mid-audit`));
        give(thread);
      }
    });
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
