import { join } from "node:path";
import { describeFailure, unfinishedSummary, type UnfinishedRun } from "../reports/unfinished.ts";
import { writeSummary } from "../reports/write.ts";
import type { Io } from "../console/io.ts";

/**
 * Runs `body` (starting the implementation, or a whole campaign); if it throws, writes summary.json,
 * summary.md and JUnit saying why (or that Ctrl-C came first) and rethrows for main to print and exit on.
 * So a CI step that reads the summary finds one on every exit path, not only after verdicts.
 */
export async function summarizeFailure<T>(
  outputs: { readonly outDir: string; readonly junit?: string | undefined },
  run: Omit<UnfinishedRun, "seconds">,
  signal: AbortSignal | undefined,
  io: Io,
  body: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await body();
  } catch (error) {
    const ended = signal?.aborted === true ? ({ interrupted: true } as const) : ({ interrupted: false, error: describeFailure(error) } as const);
    const summary = unfinishedSummary({ ...run, seconds: (performance.now() - started) / 1000 }, ended);
    await writeSummary(outputs.outDir, summary, outputs.junit).catch((writeError: unknown) => {
      io.error(`prunecheck: could not write ${join(outputs.outDir, "summary.json")}: ${writeError instanceof Error ? writeError.message : String(writeError)}`);
    });
    throw error;
  }
}
