import type { ChildProcess } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnCli } from "../test/cli/helpers.ts";
import type { FuzzSummary } from "./summary.ts";

/** The real command line, as CI runs it; `onStdout` may act on the output as it comes (e.g. send Ctrl-C). */
export function prunecheck(args: readonly string[], onStdout?: (text: string, child: ChildProcess) => void) {
  return spawnCli(args, onStdout === undefined ? {} : { onStdout });
}

export async function dirs() {
  const base = await mkdtemp(join(tmpdir(), "prunecheck-fuzz-"));
  return { out: join(base, "reports"), corpus: join(base, "corpus"), base };
}

export async function summaryOf(out: string): Promise<FuzzSummary> {
  return JSON.parse(await readFile(join(out, "summary.json"), "utf8")) as FuzzSummary;
}
