import type { Driver } from "../transport/driver.ts";
import { interruptible } from "../transport/interruptible.ts";
import { bigWindowRunsFor, type PropertyResult } from "../models/run.ts";
import { checkTogether } from "../models/joint.ts";
import { appliesTo, notApplicableReason, type Level, type Property } from "../models/property.ts";
import { adapterProtocol } from "../models/adapter-protocol.ts";
import { alsoBreaks, reportOn, type Implementation } from "../reports/build.ts";
import type { Report, Target } from "../reports/report.ts";
import { skippedLine, summarizeRun, summaryLine, type ResultLine, type RunSummary } from "../reports/summary.ts";
import { describeFailure } from "../reports/unfinished.ts";
import { removeEarlierReports, writeReport, writeSummary } from "../reports/write.ts";
import { InputError } from "../errors/input.ts";
import type { Io } from "../console/io.ts";
import { verdictLine } from "../console/verdict-line.ts";
import { showProgress, systemClock } from "../console/progress.ts";
import { recordedSeed, type Seed } from "./seed.ts";
import { SuiteProgress, suiteLiveLine, suiteStatusLine } from "../console/suite-progress.ts";

export interface SuiteOptions {
  readonly level: Level;
  readonly runs: number;
  readonly seed: number;
  /** Where the seed came from (chooseSeed), for the banner and summary.json; a pinned seed without it. */
  readonly seedFrom?: Seed;
  readonly outDir: string;
  readonly junit?: string;
  /** What to check, in the order verdicts are printed: the catalog (or `selectProperties` of it), handed in by the front end. */
  readonly properties: readonly Property[];
  readonly maxCommands?: number;
}

/**
 * The properties of `catalog` that `--property` names (all when none), or a usage error naming the unknown id;
 * `spelled` names where the ids came from when that is not the flag (the API's option).
 */
export function selectProperties(catalog: readonly Property[], only: readonly string[] | undefined, spelled = "--property"): readonly Property[] {
  if (only?.includes(adapterProtocol.id)) {
    // Listed in the catalog, but judged on every request of every property rather than run on its own.
    throw new InputError(
      "usage",
      `${spelled} ${adapterProtocol.id}: the protocol is checked on every request of every property, not as a property of its own`,
      `Leave it out: any run checks it. To check little else, name one cheap property, e.g. --property kept-untouched.`,
    );
  }
  const unknown = only?.find((id) => !catalog.some((property) => property.id === id));
  if (unknown !== undefined) throw new InputError("usage", `${spelled}: unknown id ${JSON.stringify(unknown)}`, `Ids: ${catalog.map((p) => p.id).join(", ")}`);
  return catalog.filter((property) => only === undefined || only.includes(property.id));
}

/**
 * Runs every applicable property against one implementation, writes a report per violation and the run
 * summary, and returns the summary. Violations are data here; the exit code is main's business.
 *
 * Every property judges one shared stream of runs (checkTogether): each property with the same seed would
 * draw the very same runs, so each is sent once; a property that fails is then shrunk alone, side by side
 * with the others against an adapter, so verdicts and counterexamples are those of a run one property at a
 * time. Verdicts are recorded and printed in catalog order.
 *
 * Once `signal` aborts no further property starts. Those in flight are recorded as interrupted, never
 * as verdicts: whoever aborted is closing the driver under them, so their last runs fail for that reason.
 */
export async function runSuite(driver: Driver, target: Target, options: SuiteOptions, io: Io, signal?: AbortSignal): Promise<RunSummary> {
  const started = performance.now();
  // The folder's reports are this run's only: what the last run there wrote goes (its summary names them).
  await removeEarlierReports(options.outDir);
  const checked = signal === undefined ? driver : interruptible(driver, signal);
  const implementation = { name: driver.name, capabilities: driver.capabilities, target };
  const results: ResultLine[] = [];
  const applicable = options.properties.filter((property) => appliesTo(property, options.level, driver.capabilities));
  // Counted over the applicable properties only, and as verdicts come in: side by side they come in any order.
  const progress = new SuiteProgress(
    applicable.map((property) => property.id),
    systemClock.now(),
    () => systemClock.now(),
  );
  const stopProgress = showProgress(io, systemClock, {
    live: (now) => suiteLiveLine(progress.counts(), now),
    status: (now) => suiteStatusLine(progress.counts(), now),
  });
  const verdicts = checkTogether(
    checked,
    applicable,
    {
      level: options.level,
      numRuns: options.runs,
      // Real context sizes, as fuzz and the exhaustive phase meet them: a few runs once the small ones pass.
      bigWindowRuns: bigWindowRunsFor(options.runs),
      seed: options.seed,
      observer: progress,
      ...(options.maxCommands === undefined ? {} : { maxCommands: options.maxCommands }),
    },
    () => signal?.aborted === true,
  );
  const failures: { readonly error: unknown }[] = [];
  const reports: Written = { byProperty: new Map(), byCounterexample: new Map() };
  try {
    for (const property of options.properties) {
      const reason = notApplicableReason(property, options.level, driver.capabilities);
      if (reason !== null) {
        results.push(skippedLine(property.id, reason));
        continue;
      }
      const next = await verdicts.next();
      if (next.done) {
        // Stopped before the stream judged this property (a stop during start-up): it is interrupted, not
        // missing, so the summary names every property and why it has no verdict.
        const line = notStartedLine(property.id);
        results.push(line);
        io.line(verdictLine(line));
        continue;
      }
      const result = next.value;
      // A failure the stream found before the stop is kept, as found; anything else in flight may be the stop's doing.
      const line =
        signal?.aborted && !(result.status === "failed" && result.stoppedBeforeShrink === true)
          ? interruptedLine(result)
          : await recordResult(result, implementation, options.outDir, reports).catch((error: unknown) => {
              // A bug in the harness (a report it cannot write, say) loses that report, not the run: the
              // summary still says what finished, then the error goes on to main, which exits 2.
              failures.push({ error });
              return unrecordedLine(result, error);
            });
      results.push(line);
      io.line(verdictLine(line));
    }
  } finally {
    stopProgress();
  }
  const { runs, requests } = progress.counts();
  const summary = summarizeRun({
    implementation: driver.name,
    runs,
    requests,
    level: options.level,
    capabilities: driver.capabilities,
    seconds: (performance.now() - started) / 1000,
    ...recordedSeed(options),
    interrupted: signal?.aborted ?? false,
    results,
    ...(failures[0] === undefined ? {} : { error: describeFailure(failures[0].error) }),
  });
  await writeSummary(options.outDir, summary, options.junit);
  io.line(summaryLine(summary));
  if (failures[0] !== undefined) throw failures[0].error;
  return summary;
}

/** The reports written so far: each failed property's stem, and each counterexample's report with the property it was written for. */
interface Written {
  readonly byProperty: Map<string, string>;
  readonly byCounterexample: Map<string, { readonly property: string; readonly stem: string; report: Report }>;
}

/** The result's line, its report written (or, for a counterexample already reported, told in that report). */
async function recordResult(result: PropertyResult, implementation: Implementation, outDir: string, reports: Written): Promise<ResultLine> {
  const base = { property: result.property, status: result.status, runs: result.runs, requests: result.requests, ms: costOf(result) };
  if (result.status === "error") {
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    return { ...base, message: `this is a bug in prunecheck, please report it: ${message}` };
  }
  if (result.status !== "failed") return base;
  const violated = result.violation.property.id;
  const asFound = result.stoppedBeforeShrink === true ? " (as found: the run was stopped before it was shrunk)" : "";
  const line = { ...base, violated, message: `${result.violation.finding.message}${asFound}` };
  // An adapter fault several properties met on one run was shrunk once, and has one report: the first's.
  const shared = result.sameFaultAs === undefined ? undefined : reports.byProperty.get(result.sameFaultAs);
  if (shared !== undefined) return { ...line, same_fault_as: result.sameFaultAs, report: shared };
  // Properties that failed on the same request of the very same run share one report, which tells them all.
  // Which request counts too, by its place in the run (ids differ between checks): a run found on the shared
  // stream, unshrunk, can break two properties at two requests.
  const { pending, trace } = result.violation;
  const failingAt = trace.filter((entry) => entry.kind === "request").length + (pending === null ? 0 : 1);
  const counterexample = JSON.stringify([result.origin, failingAt]);
  const same = reports.byCounterexample.get(counterexample);
  if (same !== undefined) {
    same.report = alsoBreaks(same.report, result);
    await writeReport(outDir, same.report);
    return { ...line, same_counterexample_as: same.property, report: same.stem };
  }
  const built = await reportOn(result, implementation, { outDir });
  const report = await writeReport(outDir, built);
  reports.byProperty.set(result.property, report);
  reports.byCounterexample.set(counterexample, { property: result.property, stem: report, report: built });
  return { ...line, report };
}

/** The verdict of a property whose result could not be recorded: kept, with why its report is missing. */
function unrecordedLine(result: PropertyResult, error: unknown): ResultLine {
  const base = { property: result.property, status: result.status, runs: result.runs, requests: result.requests, ms: costOf(result) };
  const why = `its report could not be written (${describeFailure(error).message})`;
  return result.status === "failed"
    ? { ...base, violated: result.violation.property.id, message: `${result.violation.finding.message}; ${why}` }
    : { ...base, message: why };
}

function notStartedLine(property: string): ResultLine {
  return { property, status: "interrupted", runs: 0, requests: 0, ms: 0, message: "stopped before it started, so no verdict" };
}

function interruptedLine(result: PropertyResult): ResultLine {
  return {
    property: result.property,
    status: "interrupted",
    runs: result.runs,
    requests: result.requests,
    ms: costOf(result),
    message: "stopped before it finished, so no verdict",
  };
}

/** What a property's line and JUnit test case give as its time: its share of the shared runs, and its own check. */
function costOf(result: PropertyResult): number {
  return result.shareMs ?? result.ms;
}
