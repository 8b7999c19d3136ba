import { expect } from "vitest";
import type { Mutant } from "./mutant.ts";
import type { FailedResult } from "./table.ts";
import { failedPropertyOf, failuresOf, killerOf, maxWindowOf, runMutant, shrunkWindowSize } from "./table.ts";
import { tellStory } from "../../src/reports/story.ts";

function describeFailures(failures: readonly FailedResult[]): string {
  return failures.map((result) => `${failedPropertyOf(result)} (${shrunkWindowSize(result)} spans): ${result.violation.finding.message}`).join("\n") || "none";
}

/**
 * The catalog's bar for one mutant: killed at its level by an expected property, shrunk to a window no larger
 * than the fault needs, its story quoting the model where a model is involved, and not killed below its level.
 * The catalog is checked in two test files (mutants.test.ts, mutants-second-half.test.ts), each half of it,
 * so the two workers of a 2-core machine share its minute.
 */
export async function expectKilled(mutant: Mutant): Promise<void> {
  const verdict = await runMutant(mutant);
  const errors = verdict.results.filter((result) => result.status === "error");
  expect(errors.map((result) => `${result.property}: ${String((result as { error?: unknown }).error)}`)).toEqual([]);

  const failures = failuresOf(verdict.results);
  expect(killerOf(verdict), `no expected property (${mutant.expectedProperties.join(", ")}) failed; failures:\n${describeFailures(failures)}`).toBeDefined();

  // Every expected property that caught it shrank to a window no larger than the fault needs.
  const expected = failures.filter((result) => mutant.expectedProperties.includes(failedPropertyOf(result)));
  for (const result of expected) {
    expect(shrunkWindowSize(result), `${failedPropertyOf(result)}: ${result.violation.finding.message}\n${result.counterexample}`).toBeLessThanOrEqual(
      maxWindowOf(mutant),
    );
  }

  // A model-driven mutant's counterexample is a story about what the model said: it quotes it.
  if (mutant.pruner.capabilities.includes("model")) {
    for (const result of expected) {
      const story = tellStory(result.violation.trace, result.violation.finding, mutant.pruner.name).join("\n");
      expect(story, `${failedPropertyOf(result)}: the story quotes no model answer`).toMatch(/the model (answered|chose|failed)/);
    }
  }

  // A strict mutant's fault is legal at core: being killed there would make core stricter than the seed.
  expect(describeFailures(failuresOf(verdict.belowLevel))).toBe("none");
}

/** Half of the catalog: the mutants at even places (`half` 0) or odd ones (`half` 1), so the halves cost about the same. */
export function halfOf<T>(items: readonly T[], half: 0 | 1): T[] {
  return items.filter((_, index) => index % 2 === half);
}
