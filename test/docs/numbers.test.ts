import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/helpers.ts";
import { MUTANTS } from "../../properties/mutants/index.ts";
import { CATALOG_RUNS } from "../../properties/mutants/table.ts";
import { CATALOG } from "../../properties/index.ts";
import { caseCount } from "../../src/engine/exhaustive.ts";
import { referencePruner } from "../../src/reference/index.ts";
import { MUTANT_CAMPAIGN_ROUNDS } from "../helpers/worker-plan.ts";
import { SHOWN_SPANS } from "../../src/reports/excerpt.ts";

/**
 * The numbers the README states about the suite, each read back from the code that makes it true, so
 * that none can go stale again. Durations are not stated there: docs/performance.md has them, written
 * by the benchmarks that measure them.
 */
const README = readFileSync(join(ROOT, "README.md"), "utf8");

/** The one number `pattern` captures in the README, as a number; fails if the sentence is gone. */
function stated(pattern: RegExp): number {
  const match = pattern.exec(README.replace(/\s+/g, " "));
  expect(match, `the README no longer says ${pattern}`).not.toBeNull();
  return Number((match?.[1] as string).replaceAll(",", ""));
}

describe("the numbers the README states about the suite", () => {
  it("counts the mutant catalog", () => {
    expect(stated(/: (\d+) pruners, each the reference with exactly one fault/)).toBe(MUTANTS.length);
  });

  it("counts the property catalog's table rows", () => {
    const rows =
      README.split("## The property catalog")[1]
        ?.split("\n## ")[0]
        ?.match(/^\| `[a-z-]+` \|/gm) ?? [];
    expect(rows.map((row) => row.slice(3, row.indexOf("`", 3)))).toEqual(CATALOG.map((property) => property.id));
  });

  it("gives the runs each property judges in the check that the reference survives the catalog", () => {
    expect(stated(/each property judging ([\d,]+) generated sequences per level/)).toBe(CATALOG_RUNS);
  });

  it("gives the rounds a campaign gets to find each mutant", () => {
    expect(stated(/then at most (\d+) rounds\) from seed 1/)).toBe(MUTANT_CAMPAIGN_ROUNDS);
  });

  it("gives the exhaustive phase's case counts", () => {
    const reference = ["prune", ...referencePruner.capabilities] as const;
    expect(stated(/([\d,]+) at N=2 for the reference/)).toBe(caseCount(2, reference));
    expect(stated(/([\d,]+) at N=3 \(the reference passes them all/)).toBe(caseCount(3, reference));
    // The Python example declares prune, summarize and reground.
    expect(stated(/the bound-2 exhaustive phase is ([\d,]+) cases/)).toBe(caseCount(2, ["prune", "summarize", "reground"]));
  });

  it("gives the most spans a report shows of a window", () => {
    expect(stated(/A window of more than (\d+) spans \(a real context has thousands\) is shown by the/)).toBe(SHOWN_SPANS);
    expect(stated(/is shown by the (\d+) at most that matter to the finding/)).toBe(SHOWN_SPANS);
  });

  it("states no test-suite duration of its own: those are docs/performance.md's, which the benchmarks write", () => {
    const prose = README.replace(/```[\s\S]*?```/g, "").replace(/`[^`]*`/g, "");
    expect(prose.match(/\b(about|in|took|takes) \d+(\.\d+)? ?(s|ms|min|minutes|seconds)\b[^\n]*/g) ?? []).toEqual([]);
  });
});
