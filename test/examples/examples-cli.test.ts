import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastLine, QUICK_FUZZ, readSummary, spawnCli, tempDir } from "../cli/helpers.ts";

/** The README's examples, named as its commands name them (run from the repository root). */
const EXAMPLES = [
  { name: "my-pruner", target: ["--impl", "examples/typescript/my-pruner.ts"] },
  { name: "model-summarizer", target: ["--impl", "examples/typescript/model-pruner.ts"] },
  { name: "reference-python", target: ["--cmd", "python3 examples/python/adapter.py"] },
  { name: "model-compactor-python", target: ["--cmd", "python3 examples/python/model_compactor.py"] },
] as const;

// The README says the examples conform at strict; `run` and `fuzz` must agree, since they draw from one
// input space. Bounded (few runs, exhaustive bound 1, one worker) so this stays a few seconds a command.
describe("the README's examples through the real binary", () => {
  for (const example of EXAMPLES) {
    it(`${example.name} conforms at strict under prunecheck run`, async () => {
      const out = tempDir();
      const result = await spawnCli(["run", ...example.target, "--level", "strict", "--runs", "40", "--seed", "11", "--out", out], { timeoutMs: 120_000 });

      expect(result.stdout).not.toContain("✖");
      expect(result.code).toBe(0);
      expect(lastLine(result.stdout)).toMatch(new RegExp(`^prunecheck: ${example.name} conforms at strict `));
      expect(readSummary(out).violations).toEqual([]);
    });

    it(`${example.name} conforms at strict under prunecheck fuzz --time 0 (corpus and exhaustive phase)`, async () => {
      const out = tempDir();
      const corpus = join(tempDir(), "corpus");
      const args = ["fuzz", ...example.target, "--level", "strict", ...QUICK_FUZZ, "--seed", "11", "--out", out, "--corpus", corpus];
      const result = await spawnCli(args, { timeoutMs: 120_000 });

      expect(result.stdout).not.toContain("✖");
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/exhaustive \(bound 1\): \d+ cases, bound exhausted/);
      expect(lastLine(result.stdout)).toMatch(new RegExp(`^prunecheck: ${example.name} conforms at strict `));
      expect(readSummary(out).violations).toEqual([]);
    });
  }
});

describe("the careless Python compactor, through the real binary and its model over stdio", () => {
  it("is flagged by choice-gated, and its report replays on it with the same model answers, and passes on the honest one", async () => {
    const out = tempDir();
    const careless = ["--cmd", "python3 examples/python/careless_compactor.py"];
    const result = await spawnCli(["run", ...careless, "--seed", "1", "--out", out], { timeoutMs: 120_000 });
    expect(result.code).toBe(1);
    expect(readSummary(out).violations).toEqual(["choice-gated"]);
    const report = join(out, "choice-gated-careless-compactor-python-1.json");
    const story = (JSON.parse(readFileSync(report, "utf8")) as { story: string[] }).story.join("\n");
    expect(story).toMatch(/it asked the model which of \[.*\] could go, and the model chose/);

    const again = await spawnCli(["replay", report, ...careless], { timeoutMs: 120_000 });
    expect(again.code).toBe(1);
    const fixed = await spawnCli(["replay", report, "--cmd", "python3 examples/python/model_compactor.py"], { timeoutMs: 120_000 });
    expect(fixed.code).toBe(0);
  });
});
