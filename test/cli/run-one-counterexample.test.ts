import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, PRUNERS, readSummary, tempDir } from "./helpers.ts";

const BROKEN = join(PRUNERS, "drops-precondition.ts");

/**
 * Issue 46: findings that share a counterexample are one entry. The pruner that drops what it evicts breaks
 * three properties on one prune request, and each shrank to that very run: one report tells all three, its
 * story once, and replay judges each again.
 */
describe("prunecheck run on a counterexample that breaks several properties", () => {
  it("writes one report naming every property it breaks; the others' lines point at it; replay judges each", async () => {
    const out = tempDir();
    const run = await cli(["run", "--impl", BROKEN, "--runs", "100", "--seed", "1", "--out", out]);
    expect(run.code).toBe(1);

    const failed = readSummary(out).results.filter((line) => line.status === "failed");
    const first = failed.find((line) => line.property === "precondition-recoverable");
    expect(failed.filter((line) => line.same_counterexample_as !== undefined).map((line) => [line.property, line.same_counterexample_as, line.report])).toEqual(
      [
        ["pointer-not-paraphrase", "precondition-recoverable", first?.report],
        ["safe-prune-succeeds", "precondition-recoverable", first?.report],
      ],
    );
    // Each line keeps its own finding; the terminal says where it is told.
    expect(failed.find((line) => line.property === "pointer-not-paraphrase")?.message).toMatch(/^span "s1" was evicted with no pointer left/);
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        /^✖ safe-prune-succeeds: prune succeeded but left "s1".*; the same counterexample as precondition-recoverable's, told in its report above$/,
      ),
    );
    // dependencies-intact shrank to another run: a report of its own.
    expect(
      readdirSync(out)
        .filter((file) => file.endsWith(".json") && file !== "summary.json")
        .sort(),
    ).toEqual(["dependencies-intact-drops-precondition-1.json", "precondition-recoverable-drops-precondition-1.json"]);

    const report = JSON.parse(readFileSync(`${first?.report}.json`, "utf8")) as {
      also: { property: { id: string }; finding: { message: string } }[];
      story: string[];
    };
    expect(report.also.map((also) => also.property.id)).toEqual(["pointer-not-paraphrase", "safe-prune-succeeds"]);
    expect(report.story.slice(-2)).toEqual(report.also.map((also) => `The same request breaks ${also.property.id} too: ${also.finding.message}.`));
    const markdown = readFileSync(`${first?.report}.md`, "utf8");
    expect(markdown.split("\n")[0]).toBe("# `precondition-recoverable`, `pointer-not-paraphrase`, `safe-prune-succeeds` violated by `drops-precondition`");
    expect(markdown).toContain("**The same request breaks `safe-prune-succeeds`:** ");

    const again = await cli(["replay", `${first?.report}.json`, "--impl", BROKEN]);
    expect(again.code).toBe(1);
    expect(again.lines.map((line) => line.split(" ")[1])).toEqual(["precondition-recoverable", "pointer-not-paraphrase", "safe-prune-succeeds"]);
    expect(again.lines.every((line) => line.includes(": still fails: "))).toBe(true);
    const fixed = await cli(["replay", `${first?.report}.json`, "--impl", join(PRUNERS, "reference.ts")]);
    expect(fixed.code).toBe(0);
    expect(fixed.lines.every((line) => line.includes(": passes now: "))).toBe(true);
  });
});
