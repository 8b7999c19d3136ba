import type { Io } from "../console/io.ts";
import { checkRunOutputs } from "../files/output-paths.ts";
import { bigWindowRunsFor } from "../models/run.ts";
import type { Target } from "../reports/report.ts";
import type { RunSummary } from "../reports/summary.ts";
import { runSuite, type SuiteOptions } from "./suite.ts";
import { describeTarget, openTarget } from "./target.ts";
import { describeSeed, recordedSeed } from "./seed.ts";
import { summarizeFailure, withLastWords } from "./unfinished.ts";

export interface GateOptions extends SuiteOptions {
  readonly timeoutMs: number;
}

/**
 * `prunecheck run` whole, for the CLI and the API alike: the output paths checked before anything runs,
 * the implementation started, every property run, the reports and the summary written, the
 * implementation closed. A start that fails still leaves a summary saying why, then throws; so does a
 * second signal (withLastWords).
 */
export async function runGate(target: Target, options: GateOptions, io: Io, signal?: AbortSignal): Promise<RunSummary> {
  checkRunOutputs(options.outDir, options.junit);
  const run = { level: options.level, ...recordedSeed(options), properties: options.properties.map((property) => property.id) };
  return withLastWords(options, run, async () => {
    // The banner waits for the implementation, so a module or adapter that cannot start leaves stdout empty.
    io.progress(`starting ${describeTarget(target)} …`);
    const opening = { timeoutMs: options.timeoutMs, ...(signal === undefined ? {} : { signal }) };
    const driver = await summarizeFailure(options, run, signal, io, () => openTarget(target, opening));
    try {
      io.line(
        `prunecheck: checking ${describeTarget(target)} at ${options.level}, ${options.runs} runs per property and ${bigWindowRunsFor(options.runs)} with big windows, ${describeSeed(options.seedFrom ?? { value: options.seed, from: "flag" })}`,
      );
      return await runSuite(driver, target, options, io, signal);
    } finally {
      await driver.close();
    }
  });
}
