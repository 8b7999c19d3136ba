import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parse } from "yaml";

/**
 * A composite action run the way GitHub's runner runs one, as far as this action needs: inputs with their
 * defaults, `${{ }}` expressions, `if:`, each `run:` under `bash --noprofile --norc -eo pipefail` in its
 * working directory with $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY, and `uses:` steps recorded, not run (no
 * network here). An expression or condition it does not know throws, so the action cannot outgrow it unseen.
 */
interface Step {
  readonly id?: string;
  readonly if?: string;
  readonly shell?: string;
  readonly "working-directory"?: string;
  readonly env?: Record<string, string>;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, string>;
}

interface Action {
  readonly inputs: Record<string, { readonly default?: string }>;
  readonly outputs: Record<string, { readonly value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

export interface ActionRun {
  /** The job's verdict: the first failing step's exit code, 0 when none failed. */
  readonly exitCode: number;
  readonly outputs: Record<string, string>;
  readonly stepSummary: string;
  readonly uses: readonly { readonly uses: string; readonly with: Record<string, string> }[];
  /** What the steps printed, stdout and stderr. */
  readonly log: string;
}

export interface RunnerOptions {
  /** The commit the job checks out: GITHUB_SHA, which a runner sets beside CI=true. */
  readonly sha?: string;
  /** More of the runner's environment, e.g. npm's config for a machine without the registry. */
  readonly env?: Record<string, string>;
}

export function runCompositeAction(actionFile: string, workspace: string, given: Record<string, string>, runner: RunnerOptions = {}): ActionRun {
  const sha = runner.sha ?? "4a1d0c3e5b2f7a9c8d6e4f2a0b1c3d5e7f9a8b6c";
  const action = parse(readFileSync(actionFile, "utf8")) as Action;
  if (action.runs.using !== "composite") throw new Error(`not a composite action: ${action.runs.using}`);
  const unknown = Object.keys(given).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`the action has no input ${unknown.join(", ")}`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? ""]));
  const steps: Record<string, Record<string, string>> = {};
  const scratch = mkdtempSync(join(tmpdir(), "prunecheck-action-"));
  const summaryFile = join(scratch, "step-summary.md");
  writeFileSync(summaryFile, "");
  const expression = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, name: string) => {
      const step = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(name);
      if (step) return steps[step[1] as string]?.[step[2] as string] ?? "";
      if (name.startsWith("inputs.") && name.slice(7) in inputs) return inputs[name.slice(7)] as string;
      if (name === "github.action_path") return dirname(resolve(actionFile));
      throw new Error(`an expression this emulation does not know: ${name}`);
    });
  const condition = (text: string | undefined, failed: boolean): boolean => {
    if (text === undefined) return !failed;
    return text.split("&&").every((term) => {
      const trimmed = term.trim();
      if (trimmed === "always()") return true;
      const comparison = /^inputs\.([\w-]+) == '([^']*)'$/.exec(trimmed);
      if (comparison) return inputs[comparison[1] as string] === comparison[2];
      throw new Error(`a condition this emulation does not know: ${trimmed}`);
    });
  };
  let exitCode = 0;
  let log = "";
  const uses: { uses: string; with: Record<string, string> }[] = [];
  try {
    for (const step of action.runs.steps) {
      if (!condition(step.if, exitCode !== 0)) continue;
      if (step.uses !== undefined) {
        uses.push({ uses: step.uses, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, expression(String(value))])) });
        continue;
      }
      if (step.shell !== "bash") throw new Error(`a step without shell: bash: ${JSON.stringify(step)}`);
      const outputFile = join(scratch, `output-${Object.keys(steps).length}`);
      writeFileSync(outputFile, "");
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expression(String(value))]));
      const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run ?? ""], {
        cwd: resolve(workspace, expression(step["working-directory"] ?? ".")),
        env: { ...process.env, CI: "true", GITHUB_SHA: sha, ...runner.env, ...env, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile },
        encoding: "utf8",
        timeout: 240_000,
      });
      log += result.stdout + result.stderr;
      if (step.id !== undefined)
        steps[step.id] = Object.fromEntries(
          readFileSync(outputFile, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => line.split(/=(.*)/s, 2) as [string, string]),
        );
      if (result.status !== 0 && exitCode === 0) exitCode = result.status ?? 1;
    }
    const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, expression(output.value)]));
    return { exitCode, outputs, stepSummary: readFileSync(summaryFile, "utf8"), uses, log };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
