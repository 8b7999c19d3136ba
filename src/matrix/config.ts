import { z } from "zod";
import { describeIssues, InputError } from "../errors/input.ts";
import { DEFAULT_LEVEL, LEVELS } from "../models/property.ts";
import type { Target } from "../reports/report.ts";
import { readJson } from "../files/read-json.ts";
import { describeRange, NUMERIC_FLAGS, type NumericFlagName } from "../engine/numeric-flags.ts";
import { MATRIX_FILES } from "./files.ts";

/** Safe as a folder name under --out, and readable as a column header. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What the flag of the same name accepts, so a config never runs what the command line would refuse. */
function likeFlag(flag: NumericFlagName) {
  const { min, max } = NUMERIC_FLAGS[flag];
  const message = `must be an integer ${describeRange(flag)} (as --${flag})`;
  return z.int(message).min(min, message).max(max, message).optional();
}

const Settings = {
  level: z.enum(LEVELS).optional(),
  runs: likeFlag("runs"),
  seed: likeFlag("seed"),
};

export const MatrixEntry = z
  .strictObject({
    name: z.string().regex(NAME, "a name is letters, digits, '.', '_' or '-' (it names the folder of the reports)"),
    impl: z.string().min(1).optional(),
    cmd: z.string().min(1).optional(),
    ...Settings,
    /** npm packages whose installed versions the matrix records for this implementation. */
    packages: z.array(z.string().min(1)).optional(),
  })
  .refine((entry) => entry.impl === undefined || entry.cmd === undefined, {
    message: "impl and cmd name two implementations; give one (or neither, for the reference)",
    path: ["cmd"],
  });
export type MatrixEntry = z.infer<typeof MatrixEntry>;

/** `prunecheck.matrix.json`: defaults for every implementation, then the implementations, one column each. */
export const MatrixConfig = z
  .strictObject({ ...Settings, timeoutMs: likeFlag("timeout-ms"), implementations: z.array(MatrixEntry).min(1) })
  .superRefine((config, ctx) => {
    // Folders beside the matrix files, compared as a case-insensitive filesystem (macOS, Windows) would.
    const seen = new Set<string>(MATRIX_FILES);
    config.implementations.forEach((entry, index) => {
      const folded = entry.name.toLowerCase();
      const path = ["implementations", index, "name"];
      if ((MATRIX_FILES as readonly string[]).includes(folded))
        ctx.addIssue({
          code: "custom",
          path,
          message: `name ${JSON.stringify(entry.name)} is the name of a file the matrix writes beside the implementations' folders (${MATRIX_FILES.join(", ")}); choose another`,
        });
      else if (seen.has(folded))
        ctx.addIssue({
          code: "custom",
          path,
          message: `name ${JSON.stringify(entry.name)} is used twice (letter case aside); names are column headers and folders, so they are unique`,
        });
      seen.add(folded);
    });
  });
export type MatrixConfig = z.infer<typeof MatrixConfig>;

/** One implementation with every default filled in: what the matrix runs. */
export interface MatrixPlan {
  readonly name: string;
  readonly target: Target;
  readonly level: (typeof LEVELS)[number];
  readonly runs: number;
  readonly seed: number;
  readonly packages: readonly string[];
}

export const DEFAULT_SEED = 1;

export function planMatrix(config: MatrixConfig): MatrixPlan[] {
  return config.implementations.map((entry) => ({
    name: entry.name,
    target:
      entry.impl !== undefined ? { kind: "impl", path: entry.impl } : entry.cmd !== undefined ? { kind: "cmd", command: entry.cmd } : { kind: "reference" },
    level: entry.level ?? config.level ?? DEFAULT_LEVEL,
    runs: entry.runs ?? config.runs ?? NUMERIC_FLAGS.runs.fallback(),
    seed: entry.seed ?? config.seed ?? DEFAULT_SEED,
    packages: entry.packages ?? [],
  }));
}

export function parseMatrixConfig(json: unknown, source: string): MatrixConfig {
  const parsed = MatrixConfig.safeParse(json);
  if (!parsed.success) {
    throw new InputError(
      "invalid_config",
      `${source} is not a valid matrix config: ${describeIssues(parsed.error)}`,
      'Expected {"implementations": [{"name": "reference"}, {"name": "mine", "impl": "./my-pruner.ts", "runs": 100}]} (README, "Real pruners and the conformance matrix").',
    );
  }
  return parsed.data;
}

export async function readMatrixConfig(path: string): Promise<MatrixConfig> {
  return parseMatrixConfig(await readJson(path, "matrix config", "Give the path of a JSON file such as prunecheck.matrix.json."), path);
}
