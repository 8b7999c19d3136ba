import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSummary, spawnCli, tempDir } from "../cli/helpers.ts";
import { EXAMPLES, expectConformsUnderRun } from "./examples.ts";

// The README says the examples conform at strict (fuzz agreeing: examples-fuzz.test.ts, the slow lane). The
// adapters over stdio here; the TypeScript modules' commands in the slow lane (examples-cli-modules.test.ts),
// since npm test holds them to every property in process (typescript-example.test.ts, 150 runs each), runs
// my-pruner through checkSuite as the README shows (my-pruner.test.ts), and runs model-pruner.ts's very
// command (record-impl.test.ts).
describe("the README's examples over stdio, through the real binary", () => {
  for (const example of EXAMPLES.filter((each) => each.target[0] === "--cmd")) {
    it(`${example.name} conforms at strict under prunecheck run`, () => expectConformsUnderRun(example));
  }
});

describe("the careless Python compactor, through the real binary and its model over stdio", () => {
  it("is flagged by choice-gated, and its report replays on it with the same model answers, and passes on the honest one", async () => {
    const out = tempDir();
    const careless = ["--cmd", "python3 examples/python/careless_compactor.py"];
    // Seed 4: its shrunk case is one where the reference, facing the same model, writes a summary, so the
    // model's words decide the answer (at seeds 1 to 3 the reference refuses budget_unreachable, the answer owed).
    // Its one property: that choice-gated is all it breaks, every property judged, is test/cli/audit.test.ts's.
    const result = await spawnCli(["run", ...careless, "--property", "choice-gated", "--runs", "60", "--seed", "4", "--out", out], { timeoutMs: 120_000 });
    expect(result.code).toBe(1);
    expect(readSummary(out).violations).toEqual(["choice-gated"]);
    const report = join(out, "choice-gated-careless-compactor-python-4.json");
    const story = (JSON.parse(readFileSync(report, "utf8")) as { story: string[] }).story.join("\n");
    expect(story).toMatch(/it asked the model which of \[.*\] could go, and the model chose/);
    // What the model-driven reference answered facing the same model (issue 46: no model-driven report said).
    expect(story).toMatch(
      /^A conforming pruner facing the same model could have answered as the reference does: it asked the model .*, and it returned a window /m,
    );
    // The model chose, so that window is one conforming answer: the rule they all keep is told too.
    expect(story).toMatch(
      /^That answer follows from what the model said, so it is one conforming answer, not the only one; any answer conforms that keeps choice-gated's rule: /m,
    );

    const again = await spawnCli(["replay", report, ...careless], { timeoutMs: 120_000 });
    expect(again.code).toBe(1);
    const fixed = await spawnCli(["replay", report, "--cmd", "python3 examples/python/model_compactor.py"], { timeoutMs: 120_000 });
    expect(fixed.code).toBe(0);
  });
});
