import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { summarizeRun } from "../../src/reports/summary.ts";
import { TraceExchange } from "../../src/wire/trace.ts";
import { readSummary, recorderCommand, ROOT, spawnCli, tempDir } from "./helpers.ts";

// A seed whose 25 runs catch the careless compactor and meet a failed model answer (at 77, then at 2, they
// no longer did as the model's answers ranged wider, issue 47: its fault needs "everything is redundant").
const MODEL_SEED = 1;

/**
 * A Python model-driven compactor of examples/python run through the recorder (protocol 1.1): its trace keeps
 * every exchange's model calls and answers, a failed one among them, and audits to the run's violations,
 * with model-failure-safe judged from the recorded answers.
 */
export async function expectModelTraceAudits(file: string, violated: readonly string[]): Promise<void> {
  const dir = tempDir();
  const trace = join(dir, "model.jsonl");
  const adapter = `python3 "${join(ROOT, "examples", "python", file)}"`;
  const run = await spawnCli([
    "run",
    "--cmd",
    recorderCommand({ cmd: adapter }, trace),
    "--runs",
    "25",
    "--seed",
    String(MODEL_SEED),
    // What is checked is recording and auditing a model-driven run, not a long scenario's reach: at 24
    // commands a scenario the big windows made this trace several times the size for the same assertions.
    "--max-commands",
    "12",
    "--out",
    join(dir, "run"),
  ]);
  expect(readSummary(join(dir, "run")).violations).toEqual(violated);
  const exchanges = readFileSync(trace, "utf8")
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => TraceExchange.parse(JSON.parse(line)));
  expect(exchanges.every((exchange) => exchange.model !== undefined)).toBe(true);
  expect(exchanges.some((exchange) => exchange.model?.some(({ answer }) => !answer.ok))).toBe(true);
  const audit = await spawnCli(["audit", trace, "--out", join(dir, "audit")]);
  const exit = violated.length === 0 ? 0 : 1;
  expect([run.code, audit.code]).toEqual([exit, exit]);
  const audited = readSummary(join(dir, "audit"));
  expect(audited.violations).toEqual(violated);
  expect(audited.results.find((result) => result.property === "model-failure-safe")?.status).toBe("passed");
}

/**
 * An audit's --out folder where an earlier audit's summary names a report of its own (issue 46): a clean
 * audit into it must leave none. Returns the check to run once the audit has.
 */
export function withEarlierReport(out: string): () => void {
  mkdirSync(out, { recursive: true });
  const earlier = join(out, "kept-untouched-naive-line3");
  writeFileSync(`${earlier}.json`, "{}");
  writeFileSync(`${earlier}.md`, "earlier");
  const line = { property: "kept-untouched", status: "failed" as const, runs: 1, requests: 1, ms: 1, report: earlier };
  const previous = summarizeRun({ implementation: "naive", level: "strict", capabilities: [], seconds: 1, interrupted: false, results: [line] });
  writeFileSync(join(out, "summary.json"), JSON.stringify(previous));
  return () => expect(existsSync(`${earlier}.json`) || existsSync(`${earlier}.md`)).toBe(false);
}
