import { join, resolve } from "node:path";
import { InputError } from "../errors/input.ts";
import { planMatrix, readMatrixConfig } from "../matrix/config.ts";
import { compareVerdicts, verdictTable, type VerdictTable } from "../matrix/data.ts";
import { MATRIX_FILES, readMatrix, writeMatrix } from "../matrix/files.ts";
import { checkOutputDir, checkOutputFile, checkRunOutputs } from "../files/output-paths.ts";
import { runMatrix } from "../matrix/run.ts";
import { parse } from "./args.ts";
import { owns, parseShard, WHOLE, type Shard } from "../../fuzz/shard.ts";
import { numericFlag } from "../engine/numeric-flags.ts";
import { renderUsage } from "./help.ts";
import type { Io } from "../console/io.ts";

/**
 * `prunecheck matrix`: every implementation of a config through the suite, into one table. Violations are
 * the table's content, so they do not fail the command: 1 means `--check` found different verdicts, 2 a
 * bad config or an implementation that could not be run; "interrupted" when `signal` stopped it, after
 * writing what finished. With `--shard i/n` it runs the config's implementations at places i, i + n, …
 * (1-based), so n CI jobs share a matrix that one would take too long for; `--check` then compares those.
 */
export async function matrixCommand(argv: readonly string[], io: Io, signal?: AbortSignal): Promise<number | "interrupted"> {
  const { values } = parse("matrix", argv, {
    config: { type: "string" },
    out: { type: "string" },
    check: { type: "string" },
    "timeout-ms": { type: "string" },
    shard: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.line(renderUsage("matrix"));
    return 0;
  }
  if (values.config === undefined)
    throw new InputError("usage", "matrix needs --config <file>", "prunecheck matrix --config prunecheck.matrix.json [--out DIR] [--check matrix.json]");
  const config = await readMatrixConfig(values.config);
  const expected = values.check === undefined ? null : await readMatrix(values.check);
  const outDir = values.out ?? "reports/matrix";
  // Every flag is checked before the output folders are made, so a usage error leaves nothing behind.
  const timeoutMs = numericFlag("timeout-ms", values["timeout-ms"], config.timeoutMs);
  const plan = inShard(planMatrix(config), values.shard === undefined ? WHOLE : parseShard(values.shard));
  checkMatrixOutputs(
    outDir,
    plan.map((entry) => entry.name),
  );
  const matrix = await runMatrix(plan, { outDir, timeoutMs, root: resolve("."), ...(signal === undefined ? {} : { signal }) }, io);
  await writeMatrix(outDir, matrix);
  if (signal?.aborted) {
    io.error(`prunecheck matrix: interrupted; ${outDir}/matrix.md has the ${matrix.columns.length} implementation(s) started so far`);
    return "interrupted";
  }
  const seconds = matrix.columns.reduce((sum, column) => sum + column.seconds, 0);
  io.line(
    `prunecheck matrix: wrote ${outDir}/matrix.md, matrix.html and matrix.json (${matrix.columns.length} implementations, ${seconds.toFixed(1)} s of checking)`,
  );
  const broken = matrix.columns.filter((column) => Object.values(column.cells).some((cell) => cell.status === "error" || cell.status === "interrupted"));
  if (broken.length > 0) {
    io.error(`prunecheck matrix: no complete verdict for ${broken.map((column) => column.name).join(", ")}; see the errors above`);
    return 2;
  }
  if (expected === null) return 0;
  const differences = compareVerdicts(onlyColumns(verdictTable(expected), plan), verdictTable(matrix));
  if (differences.length === 0) {
    io.line(`prunecheck matrix: verdicts match ${values.check}`);
    return 0;
  }
  io.error(
    `prunecheck matrix: ${differences.length} verdict(s) differ from ${values.check}:\n${differences.map((line) => `  ${line}`).join("\n")}\nHint: if a library upgrade or a fix changed them on purpose, regenerate the matrix (README, "Real pruners and the conformance matrix") and update docs/findings.md.`,
  );
  return 1;
}

/** A shard's part of the plan: the implementations it owns as a campaign's shard owns its items (one worker). */
function inShard<T>(plan: readonly T[], shard: Shard): T[] {
  return plan.filter((_, at) => owns({ shard, workers: 1, worker: 0 }, at));
}

/** The expected verdicts of the implementations this run plans, which a shard compares (and no other). */
function onlyColumns(table: VerdictTable, plan: readonly { name: string }[]): VerdictTable {
  return Object.fromEntries(Object.entries(table).filter(([name]) => plan.some((entry) => entry.name === name)));
}

/** The matrix files and every implementation's folder, before the first implementation runs. */
function checkMatrixOutputs(outDir: string, names: readonly string[]): void {
  checkOutputDir("--out", outDir);
  for (const file of MATRIX_FILES) checkOutputFile("--out", outDir, join(outDir, file));
  for (const name of names) checkRunOutputs(join(outDir, name));
}
