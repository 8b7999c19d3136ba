import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli, ROOT } from "../cli/helpers.ts";

/**
 * The README's GitHub workflows, as a team copies them: each is YAML, each job says where it runs and
 * checks out and installs before it runs prunecheck, and each prunecheck command line is one prunecheck
 * parses (its flags known; `--help` stops it before it runs).
 */
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const BLOCKS = [...README.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);

interface Step {
  readonly uses?: string;
  readonly run?: string;
}
interface Workflow {
  readonly on?: unknown;
  readonly jobs?: Record<string, { readonly "runs-on"?: string; readonly steps: readonly Step[] }>;
}

const workflows = BLOCKS.map((block) => parse(block) as Workflow | Step[]).filter((parsed): parsed is Workflow => !Array.isArray(parsed));

/** A run line's words, `${{ }}` filled in as a run would, quotes honoured. */
function words(line: string): string[] {
  const filled = line.replace(/\$\{\{ matrix\.shard \}\}/g, "1");
  return [...filled.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? (match[2] as string));
}

describe("the README's GitHub workflows", () => {
  it("are there: the gate, with the action, and the sharded fuzz campaign", () => {
    expect(workflows.length).toBeGreaterThanOrEqual(2);
  });

  it.for(workflows.flatMap((workflow) => Object.entries(workflow.jobs ?? {})))(
    "job %s runs somewhere, checks out, installs, then runs prunecheck",
    ([, job]) => {
      expect(job["runs-on"]).toBe("ubuntu-latest");
      expect(job.steps[0]?.uses).toMatch(/^actions\/checkout@v\d+$/);
      const install = job.steps.findIndex((step) => step.run === "npm ci" || step.run?.startsWith("npm ci "));
      const gate = job.steps.findIndex((step) => step.run?.includes("npx prunecheck") || step.uses?.includes("/prunecheck@"));
      expect(install).toBeGreaterThan(0);
      expect(gate).toBeGreaterThan(install);
    },
  );

  it("explore on a schedule, not on every push: the fuzz campaign keeps its corpus and uploads it (issue 46)", () => {
    const fuzz = workflows.find((workflow) =>
      Object.values(workflow.jobs ?? {}).some((job) => job.steps.some((step) => step.run?.includes("npx prunecheck fuzz"))),
    );
    expect(fuzz?.on).toMatchObject({ schedule: [{ cron: expect.any(String) }] });
    expect(JSON.stringify(fuzz?.on)).not.toMatch(/push|pull_request/);
    const steps = Object.values(fuzz?.jobs ?? {}).flatMap((job) => job.steps) as (Step & { readonly with?: Record<string, string> })[];
    const at = (predicate: (step: Step & { readonly with?: Record<string, string> }) => boolean) => steps.findIndex(predicate);
    const campaign = at((step) => step.run?.includes("npx prunecheck fuzz") === true);
    // Restored before the campaign, which reads and writes it; the shards' union saved for the next, and uploaded.
    expect(at((step) => step.uses?.startsWith("actions/cache/restore@") === true && step.with?.path === "fuzz/corpus")).toBeLessThan(campaign);
    expect(steps[campaign]?.run).toContain("--corpus fuzz/corpus");
    expect(at((step) => step.uses?.startsWith("actions/cache/save@") === true && step.with?.path === "fuzz/corpus")).toBeGreaterThan(campaign);
    expect(steps.filter((step) => step.uses?.startsWith("actions/upload-artifact@") && step.with?.path === "fuzz/corpus")).not.toEqual([]);
    // A campaign explores: no pinned seed.
    expect(steps[campaign]?.run).not.toContain("--seed");
  });

  const commands = BLOCKS.flatMap((block) => [...block.matchAll(/npx prunecheck ([^\n#]+)/g)].map((match) => words(match[1] as string)));

  it.for(commands)("`prunecheck %s …` takes the flags it is given", async (args) => {
    const result = await cli([...args, "--help"]);

    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
  });
});
