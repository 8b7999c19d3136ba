import { PROPERTIES } from "../../properties/index.ts";
import { level } from "../cli/args.ts";
import { exitCodeOf, interruptedCode } from "../cli/exit-code.ts";
import { readReport } from "../cli/replay.ts";
import type { Io } from "../console/io.ts";
import { runGate } from "../engine/gate.ts";
import { InputError } from "../errors/input.ts";
import { numericFlag, type NumericFlagName } from "../engine/numeric-flags.ts";
import { selectProperties } from "../engine/suite.ts";
import { targetFrom } from "../engine/target.ts";
import type { Level } from "../models/property.ts";
import type { Report } from "../reports/report.ts";
import type { RunSummary } from "../reports/summary.ts";
import { chooseSeed, SYSTEM_SEED_CONTEXT } from "../engine/seed.ts";

/** `prunecheck run`'s flags as options, with the same names, defaults and ranges. */
export interface SuiteCheck {
  /** A TS/JS module exporting a pruner, as `--impl` takes it; with neither this nor `cmd`, the embedded reference. */
  readonly impl?: string;
  /** A command speaking the stdio protocol, as `--cmd` takes it (started with `sh -c`). */
  readonly cmd?: string;
  /** Default `core`. */
  readonly level?: Level;
  /** Generated scenarios per property, 1 to 1,000,000 (default 200). */
  readonly runs?: number;
  /**
   * fast-check seed, 0 to 2147483647; `"commit"` derives it from the commit checked (GITHUB_SHA, CI_COMMIT_SHA
   * or git's HEAD), so a rerun of that commit repeats the runs; `"random"` draws one. Default: `"commit"` in
   * CI (the `CI` variable set) when a commit is known, else `"random"`, as `prunecheck run`. Always in the summary.
   */
  readonly seed?: number | "commit" | "random";
  /** Longest operation sequence per scenario, 1 to 1000 (default 24). */
  readonly maxCommands?: number;
  /** Per-request timeout, 1 to 2147483647 ms (default 5000). */
  readonly timeoutMs?: number;
  /** Only these property ids (default: every one that applies). */
  readonly properties?: readonly string[];
  /** Where reports, summary.json and summary.md go (default `reports`). */
  readonly out?: string;
  /** Where JUnit XML goes, if anywhere. */
  readonly junit?: string;
  /** Aborting it stops the run as Ctrl-C stops the CLI: what finished is written, the rest is `interrupted`. */
  readonly signal?: AbortSignal;
  /** Each line `prunecheck run` prints, as it is printed (default: none; `text` has them all at the end). */
  readonly onLine?: (line: string) => void;
}

export interface SuiteResult {
  /** summary.json, as written. */
  readonly summary: RunSummary;
  /** True exactly when `prunecheck run` would say "conforms" and exit 0: every property judged, none violated. */
  readonly conforms: boolean;
  /**
   * What `prunecheck run` would exit with: 0, 1 (violations), 2 (not every property judged), or, aborted,
   * 128 + the number of the signal the abort's reason names ("SIGTERM": 143), else 130, as for Ctrl-C.
   */
  readonly exitCode: number;
  /** Each report written to `out` (`<stem>.json`), once: properties that met one adapter fault share one. `prunecheck replay` takes the file. */
  readonly reports: readonly Report[];
  /** The lines `prunecheck run` prints, its one-line summary last: a failing test's message. */
  readonly text: string;
}

/**
 * The whole suite against an implementation, from your own test runner: what `prunecheck run` does,
 * with the same reports, summary.json, summary.md and JUnit written to the same places, and the result as
 * data. Bad options throw the CLI's `InputError` (its `code` and `hint` say what to change); an
 * implementation that cannot start throws its `AdapterFault` or `InputError`, after writing a summary that
 * says why.
 */
export async function checkSuite(options: SuiteCheck = {}): Promise<SuiteResult> {
  if (options.impl !== undefined && options.cmd !== undefined)
    throw new InputError(
      "usage",
      "checkSuite's cmd and impl name two implementations; give one",
      "cmd is a process speaking the stdio protocol, impl a TS/JS module.",
    );
  const target = targetFrom({ impl: options.impl, cmd: options.cmd }) ?? { kind: "reference" as const };
  const seed = chooseSeed(options.seed === undefined ? undefined : String(options.seed), SYSTEM_SEED_CONTEXT, "checkSuite's seed");
  const lines: string[] = [];
  const io: Io = {
    line: (text) => {
      lines.push(text);
      options.onLine?.(text);
    },
    progress: () => {},
    status: () => {},
    statusEveryMs: 0,
    error: (text) => lines.push(text),
  };
  const summary = await runGate(
    target,
    {
      level: level(options.level, "checkSuite's level"),
      runs: numericOption("runs", "runs", options.runs),
      seed: seed.value,
      seedFrom: seed,
      timeoutMs: numericOption("timeout-ms", "timeoutMs", options.timeoutMs),
      maxCommands: numericOption("max-commands", "maxCommands", options.maxCommands),
      outDir: options.out ?? "reports",
      ...(options.junit === undefined ? {} : { junit: options.junit }),
      properties: selectProperties(PROPERTIES, options.properties, "checkSuite's properties"),
    },
    io,
    options.signal,
  );
  // Properties that met one adapter fault share its one report: it is read once.
  const written = new Set(summary.results.flatMap((result) => (result.report === undefined ? [] : [result.report])));
  const reports = await Promise.all([...written].map((report) => readReport(`${report}.json`)));
  const exitCode = summary.interrupted ? interruptedCode(options.signal) : exitCodeOf(summary);
  return { summary, conforms: exitCode === 0, exitCode, reports, text: lines.join("\n") };
}

/**
 * An option read as the flag parser reads its flag, so the API and the CLI accept exactly the same values;
 * a bad one is named as the caller wrote it (`checkSuite's runs`), not as a CLI flag (issue 46).
 */
function numericOption(flag: NumericFlagName, option: keyof SuiteCheck, value: number | undefined): number {
  return numericFlag(flag, value === undefined ? undefined : String(value), undefined, `checkSuite's ${option}`);
}
