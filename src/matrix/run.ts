import { dirname, join, relative, resolve, sep } from "node:path";
import { PROPERTIES } from "../../properties/index.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { InputError } from "../errors/input.ts";
import type { Io } from "../console/io.ts";
import { runSuite } from "../engine/suite.ts";
import { openTarget } from "../engine/target.ts";
import { summarizeFailure } from "../engine/unfinished.ts";
import { describeFailure } from "../reports/unfinished.ts";
import type { ResultLine, RunSummary } from "../reports/summary.ts";
import type { MatrixPlan } from "./config.ts";
import { MATRIX_FORMAT, type Cell, type Column, type Matrix } from "./data.ts";
import { installedPackage } from "./versions.ts";
import { packageVersion } from "../runtime/own-version.ts";

export interface MatrixOptions {
  /** Each implementation's reports and summary go to `<outDir>/<name>/`. */
  readonly outDir: string;
  readonly timeoutMs: number;
  /** Where node_modules is, for package versions. */
  readonly root: string;
  readonly now?: Date;
  /** Aborting it stops the implementation in flight (its cells read interrupted) and runs no further one. */
  readonly signal?: AbortSignal;
}

/**
 * Runs the suite (runSuite, exactly as `prunecheck run` does) against every implementation in turn and
 * collects the verdicts. An implementation that cannot be started becomes a column of errors rather than
 * stopping the others. Package versions are read first, so a missing package fails before any run.
 */
export async function runMatrix(plans: readonly MatrixPlan[], options: MatrixOptions, io: Io): Promise<Matrix> {
  const versions = await Promise.all(
    plans.map(async (plan) =>
      Object.fromEntries(
        await Promise.all(
          plan.packages.map(async (name) => {
            const installed = await installedPackage(
              name,
              options.root,
              plan.target.kind === "impl" ? dirname(resolve(options.root, plan.target.path)) : options.root,
            );
            return [installed.name, installed.version] as const;
          }),
        ),
      ),
    ),
  );
  const columns: Column[] = [];
  for (const [index, plan] of plans.entries()) {
    if (options.signal?.aborted) break;
    io.line(`prunecheck matrix: [${index + 1}/${plans.length}] ${plan.name}`);
    columns.push(await runColumn(plan, versions[index] ?? {}, options, io));
  }
  return {
    format: MATRIX_FORMAT,
    created: (options.now ?? new Date()).toISOString(),
    prunecheck: packageVersion(),
    node: process.version,
    properties: PROPERTIES.map(({ id, level, title }) => ({ id, level, title })),
    columns,
  };
}

async function runColumn(plan: MatrixPlan, packages: Record<string, string>, options: MatrixOptions, io: Io): Promise<Column> {
  const base = { name: plan.name, target: plan.target, level: plan.level, runs: plan.runs, seed: plan.seed, packages };
  const outDir = join(options.outDir, plan.name);
  const errorColumn = (message: string): Column => {
    io.error(`prunecheck matrix: ${plan.name}: ${message}`);
    const cells = Object.fromEntries(PROPERTIES.map((property): [string, Cell] => [property.id, { status: "error", note: message }]));
    return { ...base, implementation: plan.name, capabilities: [], seconds: 0, error: message, cells };
  };
  let driver;
  try {
    const run = { level: plan.level, seed: plan.seed, properties: PROPERTIES.map((property) => property.id) };
    driver = await summarizeFailure({ outDir }, run, options.signal, io, () =>
      openTarget(plan.target, { timeoutMs: options.timeoutMs, ...(options.signal === undefined ? {} : { signal: options.signal }) }),
    );
  } catch (error) {
    if (!(error instanceof InputError) && !(error instanceof AdapterFault)) throw error;
    return errorColumn(error instanceof AdapterFault ? `handshake failed [${error.code}]: ${error.detail}` : error.message);
  }
  try {
    const summary = await runSuite(
      driver,
      plan.target,
      { level: plan.level, runs: plan.runs, seed: plan.seed, outDir, properties: PROPERTIES },
      io,
      options.signal,
    );
    return {
      ...base,
      implementation: summary.implementation,
      capabilities: [...summary.capabilities],
      seconds: summary.seconds,
      cells: cellsOf(summary, options.outDir),
    };
  } catch (error) {
    // runSuite wrote this column's summary with the error; the other columns still run and the matrix is written.
    if (error instanceof Error && error.stack !== undefined) io.error(error.stack);
    return errorColumn(`internal error, this is a bug in prunecheck: ${describeFailure(error).message}`);
  } finally {
    await driver.close();
  }
}

function cellsOf(summary: RunSummary, matrixDir: string): Record<string, Cell> {
  return Object.fromEntries(summary.results.map((line) => [line.property, cellOf(line, matrixDir)]));
}

function cellOf(line: ResultLine, matrixDir: string): Cell {
  const note = line.status === "skipped" ? line.reason : line.message;
  return {
    status: line.status,
    ...(line.violated !== undefined && line.violated !== line.property ? { violated: line.violated } : {}),
    // Links are relative to the matrix files and always use "/", so the pages work wherever they are served.
    ...(line.report === undefined ? {} : { report: `${relative(matrixDir, line.report).split(sep).join("/")}.md` }),
    ...(note === undefined ? {} : { note }),
  };
}
