import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lastLine, QUICK_FUZZ, readSummary, spawnCli, tempDir } from "../cli/helpers.ts";
import { EXAMPLES } from "./examples.ts";

// `run` and `fuzz` must agree on the README's examples, since they draw from one input space. Bounded
// (exhaustive bound 1, one worker) so this stays a few seconds a command.
describe("the README's examples under prunecheck fuzz", () => {
  for (const example of EXAMPLES) {
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
