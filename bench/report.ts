/**
 * The benchmark's results as data, its goals judged on them, and their one rendering: Markdown tables,
 * which read as well in a terminal as in docs/performance.md.
 */
import type { HangShrinkRow } from "./hang-shrink.ts";
import type { InProcessResult } from "./in-process.ts";
import type { Machine } from "./machine.ts";
import { formatRate, formatRatio } from "./measure.ts";
import type { ModelCallsResult } from "./model-calls.ts";
import type { MutantTiming } from "./mutants.ts";
import type { StdioResult } from "./stdio.ts";

export interface BenchResult {
  readonly machine: Machine;
  readonly seconds: number;
  readonly inProcess: InProcessResult;
  readonly stdio: StdioResult;
  readonly modelCalls: ModelCallsResult;
  readonly mutants: { readonly seeds: readonly number[]; readonly numRuns: number; readonly timeLimitMs: number; readonly timings: readonly MutantTiming[] };
  /** The first row is at the default timeout, which the goal is judged at. */
  readonly hangShrink: readonly HangShrinkRow[];
}

export interface Goal {
  readonly goal: string;
  readonly measured: string;
  readonly met: boolean;
}

export const IN_PROCESS_GOAL = 3;
export const STDIO_GOAL = 1.5;
export const KILL_GOAL_MS = 2000;
export const HANG_SHRINK_GOAL = 3;

export function judgeGoals(result: BenchResult): Goal[] {
  const rows = result.inProcess.properties;
  const worst = rows.reduce((a, b) => (b.overhead > a.overhead ? b : a));
  const over = rows.filter((row) => row.overhead > IN_PROCESS_GOAL);
  const slowest = result.mutants.timings.reduce((a, b) => (slowKill(b) > slowKill(a) ? b : a));
  const unkilled = result.mutants.timings.filter((timing) => timing.kills.length === 0);
  return [
    {
      goal: `in-process harness overhead <= ${IN_PROCESS_GOAL}x a bare reference call, for every property`,
      measured: `mean ${formatRatio(result.inProcess.suiteOverhead)}, worst ${formatRatio(worst.overhead)} (\`${worst.property}\`); ${over.length} of ${rows.length} properties over`,
      met: over.length === 0,
    },
    {
      goal: `stdio conformance run <= ${STDIO_GOAL}x piping the same requests through the adapter`,
      measured: formatRatio(result.stdio.overheadVsBatch),
      met: result.stdio.overheadVsBatch <= STDIO_GOAL,
    },
    {
      goal: `every catalog mutant killed (found and shrunk) in under ${KILL_GOAL_MS / 1000} s, median over seeds`,
      measured: unkilled.length > 0 ? `${unkilled.length} never killed` : `slowest \`${slowest.id}\`: ${seconds(slowest.medianKillMs)}`,
      met: unkilled.length === 0 && result.mutants.timings.every((timing) => slowKill(timing) < KILL_GOAL_MS),
    },
    hangShrinkGoal(result.hangShrink[0]),
  ];
}

/** What playing the model costs (bench/model-calls.ts): in process against a bare model, over stdio against a bare request. */
function modelCallsSection(model: ModelCallsResult): string {
  const us = (value: number) => `${value.toFixed(1)} µs`;
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  return [
    `In process: a model-driven compaction of ${model.spans} spans by the reference (\`compactWithModel\`, ${model.callsPerRequest} model calls: choose, then summarize), ${us(model.bareUs)} per CPU with a bare model that hands back fixed answers. Ratios are medians over rounds, each pair timed back to back on this process's CPU clock.`,
    "",
    table(
      ["path", "x the compaction with a bare model", "added per model call"],
      [
        ["the harness's scripted model (each answer generated from the window, and recorded)", formatRatio(model.scriptedRatio), us(model.scriptedUsPerCall)],
        ["through the in-process driver (the scripted model, and the returned window validated)", formatRatio(model.driverRatio), ""],
      ],
    ),
    "",
    `Over stdio: a compact request to an adapter that makes ${model.stdio.calls} model calls before it answers (\`test/fixtures/adapters/model-caller.mjs\`), against the same request with none (${ms(model.stdio.bareMs)} a request, wall time): each call, a line out and one back that the driver reads, answers and records, adds **${ms(model.stdio.msPerCall)}**, ${formatRatio(model.stdio.ratioPerCall)} the round trip of a request without one.`,
  ].join("\n");
}

export function renderResult(result: BenchResult): string {
  const { inProcess, stdio, mutants, machine } = result;
  return [
    `Measured ${machine.date} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${machine.python}; load average ${machine.loadAverage.toFixed(2)} at the start; the whole benchmark took ${result.seconds.toFixed(0)} s.`,
    "",
    "### Goals",
    "",
    table(
      ["goal", "measured", "met"],
      judgeGoals(result).map((goal) => [goal.goal, goal.measured, goal.met ? "yes" : "**no**"]),
    ),
    "",
    "### In-process, against the reference",
    "",
    `${inProcess.requests} requests recorded from ${inProcess.scenarios} generated scenarios, replayed on the same inputs: bare reference calls ran at ${formatRate(inProcess.bareOpsPerSecond)} ops per CPU-second. Overhead is the median over rounds of (harness time / bare time), each pair timed back to back on this process's CPU clock, each side for at least 100 ms so that it pays for its own garbage collection.`,
    "",
    "The floor, taken apart (a check that finds nothing):",
    "",
    table(
      ["path", "x a bare call"],
      [
        ["`driver.send` alone: the call, promises, zod validation of the returned Window", formatRatio(inProcess.breakdown.driver)],
        ["`Harness.exchange`, the driver trusted not to need a copy", formatRatio(inProcess.breakdown.harnessWithoutCopy)],
        ["`Harness.exchange` as it runs, the copy of the call included", formatRatio(inProcess.breakdown.harness)],
      ],
    ),
    "",
    "Each property:",
    "",
    table(
      ["property", "checked ops per CPU-second", "overhead", "pruner calls per op", "overhead per pruner call"],
      [
        ...inProcess.properties.map((row) => [
          `\`${row.property}\``,
          formatRate(row.opsPerSecond),
          formatRatio(row.overhead),
          row.callsPerOp.toFixed(2),
          formatRatio(row.overhead / row.callsPerOp),
        ]),
        ["**mean over the catalog**", "", `**${formatRatio(inProcess.suiteOverhead)}**`, "", ""],
      ],
    ),
    "",
    `End to end (\`checkProperty\` over the whole catalog, ${inProcess.endToEnd.runs} runs: generation, environment commands, checks): ${inProcess.endToEnd.requests} requests at ${formatRate(inProcess.endToEnd.requestsPerSecond)} requests/s.`,
    "",
    "### Stdio, against the Python example adapter",
    "",
    `\`${stdio.command}\`, a strict conformance run over ${stdio.properties} properties as \`prunecheck run\` makes it (every property judging one shared stream of runs, probes pipelined beside each request): ${stdio.requests} requests, recorded once and replayed. Ratios are medians over rounds of wall time, the variants interleaved.`,
    "",
    table(
      ["what", "requests/s", "x the batch pipe"],
      [
        ["conformance run", formatRate(stdio.requestsPerSecond), `**${formatRatio(stdio.overheadVsBatch)}**`],
        ["the recorded calls through the stdio driver alone, pipelined", formatRate(stdio.driverRequestsPerSecond), formatRatio(stdio.driverVsBatch)],
        ["the recorded lines through a bare pipe, one at a time", formatRate(stdio.pingPongRequestsPerSecond), formatRatio(stdio.pingPongVsBatch)],
        ["the recorded lines through a bare pipe, in one batch", formatRate(stdio.batchRequestsPerSecond), "1.00x"],
      ],
    ),
    "",
    `The conformance run is ${formatRatio(stdio.conformanceVsDriver)} the driver alone: what generating scenarios, environment commands and property checks cost on top of the wire.`,
    "",
    "### The harness as the model",
    "",
    modelCallsSection(result.modelCalls),
    "",
    "### Time to kill, per mutant",
    "",
    `In process, at the mutant's level, seeds ${mutants.seeds.join(", ")}; each expected property in catalog order gets up to ${mutants.numRuns} runs and ${seconds(mutants.timeLimitMs)}, shrinking included. Medians over the seeds that killed it; "find" runs from the first expected property to the first failing check.`,
    "",
    table(
      ["mutant", "level", "killed by", "runs to failure", "find", "shrink", "find + shrink", "worst seed", "not killed at"],
      mutants.timings.map((timing) => [
        `\`${timing.id}\``,
        timing.level,
        [...new Set(timing.kills.map((kill) => `\`${kill.property}\``))].join(", ") || "**none**",
        runs(timing.medianRuns),
        seconds(timing.medianFindMs),
        seconds(timing.medianShrinkMs),
        seconds(timing.medianKillMs),
        worstSeed(timing),
        timing.survivedSeeds.join(", ") || "—",
      ]),
    ),
    "",
    "### Shrinking a hang",
    "",
    "`test/fixtures/hostile/hangshrink/hang-on-empty.mjs` answers like the reference but hangs on any window holding an empty span; `inputs-immutable` is checked until it hangs, and the hang shrunk (each candidate at the short timeout, the adapter's next process started ahead) and confirmed at the full timeout. Finding the hang costs one full timeout, and so does the confirmation, so the ratio is lower the longer the timeout.",
    "",
    table(
      ["timeout", "seeds", "reported spans", "find", "shrink + confirm", "(find + shrink) / find, median", "worst"],
      result.hangShrink.map((row) => [
        `${row.timeoutMs} ms`,
        row.seeds.join(", "),
        row.spans.join(", "),
        seconds(row.medianFindMs),
        seconds(row.medianShrinkMs),
        formatRatio(row.medianRatio),
        formatRatio(row.worstRatio),
      ]),
    ),
  ].join("\n");
}

function hangShrinkGoal(row: HangShrinkRow | undefined): Goal {
  const goal = `a hang on one span reported with that one span in under ${HANG_SHRINK_GOAL}x the time it took to find it (default timeout)`;
  if (row === undefined) return { goal, measured: "not measured", met: false };
  const oneSpan = row.spans.every((spans) => spans === 1);
  return {
    goal,
    measured: `${oneSpan ? "one span at every seed" : `spans ${row.spans.join(", ")}`}; median ${formatRatio(row.medianRatio)}, worst ${formatRatio(row.worstRatio)} at ${row.timeoutMs} ms`,
    met: oneSpan && row.worstRatio < HANG_SHRINK_GOAL,
  };
}

/** A mutant no seed killed counts as infinitely slow. */
function slowKill(timing: MutantTiming): number {
  return timing.kills.length === 0 ? Number.POSITIVE_INFINITY : timing.medianKillMs;
}

function worstSeed(timing: MutantTiming): string {
  const worst = timing.kills.reduce<MutantTiming["kills"][number] | undefined>(
    (a, b) => (a === undefined || b.findMs + b.shrinkMs > a.findMs + a.shrinkMs ? b : a),
    undefined,
  );
  if (worst === undefined) return "—";
  return `${seconds(worst.findMs + worst.shrinkMs)} (seed ${worst.seed}, ${worst.shrinks} shrinks${worst.cutOff ? ", cut off" : ""})`;
}

function runs(value: number): string {
  return Number.isNaN(value) ? "—" : String(Math.round(value * 10) / 10);
}

function seconds(ms: number): string {
  if (Number.isNaN(ms)) return "—";
  return ms < 10 ? `${ms.toFixed(1)} ms` : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
