import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { memoryIo } from "../../src/console/io.ts";
import { main } from "../../src/cli/main.ts";
import type { RunSummary } from "../../src/reports/summary.ts";
import { Report, withRequestsAsWritten } from "../../src/reports/report.ts";
import { shellQuote } from "../../src/reports/build.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = join(ROOT, "bin", "prunecheck.js");

/**
 * `--cmd` for `prunecheck record` in front of an adapter (`cmd`) or serving a module (`impl`), writing `trace`:
 * what a team puts where its runtime starts the adapter.
 */
export function recorderCommand(target: { readonly cmd: string } | { readonly impl: string }, trace: string): string {
  const recorded = "cmd" in target ? `--cmd ${shellQuote(target.cmd)}` : `--impl ${shellQuote(target.impl)}`;
  return `"${process.execPath}" "${BIN}" record ${recorded} --trace ${shellQuote(trace)}`;
}
const ADAPTERS = join(ROOT, "test", "fixtures", "adapters");
export const PRUNERS = join(ROOT, "test", "fixtures", "pruners");

/** A fuzz campaign of the corpus and the smallest exhaustive bound, in one worker: seconds, not a budget. */
export const QUICK_FUZZ = ["--time", "0", "--exhaustive", "1", "--workers", "1"] as const;

/** A stack frame as Node prints it: the one thing a user-facing error must never show. */
export const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder under the OS temp dir, removed after the test file. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-cli-"));
  made.push(dir);
  return dir;
}

interface CliResult {
  readonly code: number;
  /** What went to stdout, one entry per `io.line` (a verdict may span two lines). */
  readonly lines: readonly string[];
  readonly errors: readonly string[];
}

/**
 * `prunecheck <args>` in this process. The signal, never aborted unless a test does, keeps main from
 * binding SIGINT in the test worker.
 */
export async function cli(args: readonly string[], signal: AbortSignal = new AbortController().signal): Promise<CliResult> {
  const io = memoryIo();
  const code = await main(args, io, signal);
  return { code, lines: io.lines, errors: io.errors };
}

export interface Spawned {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A guard against a hang, never a verdict: ten times and more what the slowest test's command takes on an
 * idle machine (docs/performance.md), and under vitest's own timeout, so that this message, not vitest's,
 * says what a hung command was doing.
 */
export const SPAWN_GUARD_MS = 240_000;

/**
 * The real binary, `node bin/prunecheck.js <args>` from the repository root. Its stderr is a pipe, so it
 * would write a status line every few seconds: off unless `env` asks for them, since how many a run writes
 * depends on how loaded the machine is. `onStdout` may act on the output as it comes (send Ctrl-C, say).
 * Still running after `timeoutMs`, it gets Ctrl-C (so it prints how far it got), then SIGKILL, and the
 * promise rejects with its command line and what it printed.
 */
export function spawnCli(
  args: readonly string[],
  options: {
    timeoutMs?: number;
    onSpawn?: (pid: number) => void;
    onStdout?: (stdout: string, child: ChildProcess) => void;
    env?: Record<string, string>;
    /** Flags for the harness's own Node (`--max-old-space-size=…`), never passed on to an adapter it starts. */
    nodeArgs?: readonly string[];
  } = {},
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PRUNECHECK_PROGRESS_INTERVAL_MS: "0", ...options.env };
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const timeoutMs = options.timeoutMs ?? SPAWN_GUARD_MS;
    let stdout = "";
    let stderr = "";
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    }, timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(stdout, child);
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("spawn", () => options.onSpawn?.(child.pid as number));
    child.on("close", (code, signal) => {
      clearTimeout(guard);
      if (!hung) return resolve({ code, signal, stdout, stderr });
      const tail = (text: string) => text.slice(-4000) || "(nothing)";
      reject(
        new Error(
          `prunecheck ${args.join(" ")} was still running after ${timeoutMs} ms (a hang guard); it printed\n${tail(stdout)}\nand on stderr\n${tail(stderr)}`,
        ),
      );
    });
  });
}

/** spawnCli, sending `signal` once stdout shows `marker`; with how long the command took to stop after it. */
export async function stopWhenPrinted(args: readonly string[], marker: string, signal: NodeJS.Signals): Promise<Spawned & { readonly stopMs: number }> {
  let sent = 0;
  const result = await spawnCli(args, {
    onStdout: (stdout, child) => {
      if (sent !== 0 || !stdout.includes(marker)) return;
      sent = performance.now();
      child.kill(signal);
    },
    timeoutMs: 60_000,
  });
  return { ...result, stopMs: performance.now() - sent };
}

/**
 * The `--cmd` for a fixture adapter: this Node, quoted, and an environment marker so that
 * leftoverProcesses(marker) finds every process the command started.
 */
export function adapterCommand(fixture: string, marker: string): string {
  return `${marker} "${process.execPath}" "${join(ADAPTERS, `${fixture}.mjs`)}"`;
}

/** A marker unique to this test worker and call, `NAME=value` as leftoverProcesses wants it. */
export function processMarker(label: string): string {
  return `PRUNECHECK_CLI_TEST=${label}-${process.pid}-${Math.random().toString(36).slice(2)}`;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** summary.json as the CLI wrote it; the type is what the test expects, the test checks the values. */
export function readSummary(outDir: string): RunSummary {
  return readJson(join(outDir, "summary.json")) as RunSummary;
}

/** Every `<property>-<impl>-<seed>.json` in a folder, parsed with the Report schema (so it must be one). */
export function readReports(outDir: string): { readonly stem: string; readonly report: Report }[] {
  return readdirSync(outDir)
    .filter((file) => file.endsWith(".json") && file !== "summary.json")
    .sort()
    .map((file) => {
      // As prunecheck reads a report: its requests as written (a store key "__proto__" kept).
      const raw = readJson(join(outDir, file));
      return { stem: join(outDir, file.slice(0, -".json".length)), report: withRequestsAsWritten(Report.parse(raw), raw) };
    });
}

/** The JUnit test cases, each with its name and body (empty for a self-closing one). */
export function junitCases(xml: string): { readonly name: string; readonly body: string }[] {
  return [...xml.matchAll(/<testcase [^>]*?\sname="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)].map((match) => ({
    name: match[1] as string,
    body: match[2] ?? "",
  }));
}

export function lastLine(text: string): string {
  return text.trimEnd().split("\n").at(-1) ?? "";
}
