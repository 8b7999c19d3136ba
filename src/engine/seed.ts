import { execFileSync } from "node:child_process";
import { createHash, randomInt } from "node:crypto";
import { InputError } from "../errors/input.ts";
import { MAX_SEED, numericFlag } from "./numeric-flags.ts";

/**
 * A run's seed and where it came from. The seed policy (README, "Which seed gates, which explores"):
 * a gate in CI draws its runs from the commit it checks, so a rerun of that commit checks the very same
 * runs and gets the same verdict (issue 46: a random seed made the gate flaky: seeds 1 and 2 passed, 3 did
 * not); a run on a developer's machine draws a fresh seed and so explores; `--seed N` pins one.
 */
export type Seed =
  | { readonly value: number; readonly from: "flag" }
  | { readonly value: number; readonly from: "commit"; readonly commit: string }
  | { readonly value: number; readonly from: "random" };

/** What choosing a seed reads of the world: the environment, and the commit git says the checkout is at. */
export interface SeedContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly gitHead: () => string | null;
}

/** The CI's commit variables, the one for the commit it checks out: GitHub Actions', GitLab's. */
const COMMIT_VARIABLES = ["GITHUB_SHA", "CI_COMMIT_SHA"] as const;

export const SYSTEM_SEED_CONTEXT: SeedContext = { env: process.env, gitHead };

/**
 * The seed a run uses, from `--seed` as written: a number pins it; `commit` derives it from the commit
 * checked (an error where none is known); `random` draws one. Without the flag, CI (the `CI` variable
 * every major CI sets) with a known commit means `commit`, anything else `random`.
 */
export function chooseSeed(flag: string | undefined, context: SeedContext = SYSTEM_SEED_CONTEXT, spelled = "--seed"): Seed {
  if (flag === "random" || (flag === undefined && !inCi(context.env))) return { value: randomInt(MAX_SEED + 1), from: "random" };
  if (flag !== undefined && flag !== "commit") return { value: numericFlag("seed", flag, undefined, spelled), from: "flag" };
  const commit = currentCommit(context);
  if (commit !== null) return { value: seedFromCommit(commit), from: "commit", commit };
  if (flag === undefined) return { value: randomInt(MAX_SEED + 1), from: "random" };
  throw new InputError(
    "usage",
    `${spelled} commit: no commit to derive the seed from (neither ${COMMIT_VARIABLES.join(" nor ")} is set, and git rev-parse HEAD found none here)`,
    "Run it inside a git checkout, or pin the seed with a number.",
  );
}

/** The seed as summary.json records it: the value, and the commit it was derived from, when it was. */
export function recordedSeed(options: { readonly seed: number; readonly seedFrom?: Seed | undefined }): { seed: number; seed_commit?: string } {
  return { seed: options.seed, ...(options.seedFrom?.from === "commit" ? { seed_commit: options.seedFrom.commit } : {}) };
}

/** The seed a commit's runs are drawn from: the same on every machine and every rerun, spread over every seed. */
export function seedFromCommit(commit: string): number {
  return createHash("sha256").update(`prunecheck seed:${commit}`).digest().readUInt32BE(0) & MAX_SEED;
}

/** How the banner tells the seed: where it came from, and for a random one, how to draw it again. */
export function describeSeed(seed: Seed): string {
  switch (seed.from) {
    case "flag":
      return `seed ${seed.value}`;
    case "commit":
      return `seed ${seed.value} (from commit ${seed.commit.slice(0, 12)}: a rerun of this commit repeats these runs)`;
    case "random":
      return `seed ${seed.value} (random: --seed ${seed.value} repeats these runs)`;
  }
}

/** `CI` as CI services set it ("true", "1", or a name); "false", "0" and "" are a way of saying not. */
function inCi(env: SeedContext["env"]): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "false" && value !== "0";
}

function currentCommit(context: SeedContext): string | null {
  for (const name of COMMIT_VARIABLES) {
    const value = context.env[name]?.trim();
    if (value) return value;
  }
  return context.gitHead();
}

/** HEAD of the git checkout around the working directory, or null: not one, or no git. */
function gitHead(): string | null {
  try {
    const head = execFileSync("git", ["rev-parse", "--verify", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 10_000 }).trim();
    return /^[0-9a-f]{40,64}$/.test(head) ? head : null;
  } catch {
    return null;
  }
}
