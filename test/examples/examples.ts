import { expect } from "vitest";
import { lastLine, readSummary, spawnCli, tempDir } from "../cli/helpers.ts";

/** The README's examples, named as its commands name them (run from the repository root). */
export const EXAMPLES = [
  { name: "my-pruner", target: ["--impl", "examples/typescript/my-pruner.ts"] },
  { name: "model-summarizer", target: ["--impl", "examples/typescript/model-pruner.ts"] },
  { name: "reference-python", target: ["--cmd", "python3 examples/python/adapter.py"] },
  { name: "model-compactor-python", target: ["--cmd", "python3 examples/python/model_compactor.py"] },
] as const;

export type Example = (typeof EXAMPLES)[number];

/** The README's claim for one example: `prunecheck run … --level strict` conforms. Bounded (40 runs), a few seconds a command. */
export async function expectConformsUnderRun(example: Example): Promise<void> {
  const out = tempDir();
  const result = await spawnCli(["run", ...example.target, "--level", "strict", "--runs", "40", "--seed", "11", "--out", out], { timeoutMs: 120_000 });

  expect(result.stdout).not.toContain("✖");
  expect(result.code).toBe(0);
  expect(lastLine(result.stdout)).toMatch(new RegExp(`^prunecheck: ${example.name} conforms at strict `));
  expect(readSummary(out).violations).toEqual([]);
}
