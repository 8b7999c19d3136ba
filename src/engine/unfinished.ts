import { join } from "node:path";
import { describeFailure, unfinishedSummary, type UnfinishedRun } from "../reports/unfinished.ts";
import { keepLastWords } from "../reports/last-words.ts";
import { writeSummary, writeSummarySync } from "../reports/write.ts";
import type { Io } from "../console/io.ts";

interface Outputs {
  readonly outDir: string;
  readonly junit?: string | undefined;
}

/**
 * Runs `body` (starting the implementation, or a whole campaign); if it throws, writes summary.json,
 * summary.md and JUnit saying why (or that Ctrl-C came first) and rethrows for main to print and exit on.
 * So a CI step that reads the summary finds one on every exit path, not only after verdicts.
 */
export async function summarizeFailure<T>(
  outputs: Outputs,
  run: Omit<UnfinishedRun, "seconds">,
  signal: AbortSignal | undefined,
  io: Io,
  body: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await body();
  } catch (error) {
    const ended = signal?.aborted === true ? ({ kind: "interrupted" } as const) : ({ kind: "error", error: describeFailure(error) } as const);
    const summary = unfinishedSummary({ ...run, seconds: (performance.now() - started) / 1000 }, ended);
    await writeSummary(outputs.outDir, summary, outputs.junit).catch((writeError: unknown) => {
      io.error(`prunecheck: could not write ${join(outputs.outDir, "summary.json")}: ${writeError instanceof Error ? writeError.message : String(writeError)}`);
    });
    throw error;
  }
}

/**
 * Runs a command's `body`, which writes its own summary, and until it has, keeps a stand-in for a second
 * signal to leave behind (src/reports/last-words.ts): the last exit path without a summary.
 */
export async function withLastWords<T>(outputs: Outputs, run: Omit<UnfinishedRun, "seconds">, body: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const forget = keepLastWords(outputs.outDir, () =>
    writeSummarySync(outputs.outDir, unfinishedSummary({ ...run, seconds: (performance.now() - started) / 1000 }, { kind: "forced" }), outputs.junit),
  );
  try {
    return await body();
  } finally {
    forget();
  }
}
