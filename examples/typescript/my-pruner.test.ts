/**
 * The README's "From your own test runner" example, whole: the suite as one vitest test. Its reports,
 * summary.json and JUnit go where `prunecheck run --out` would put them.
 */
import { expect, test } from "vitest";
import { checkSuite } from "prunecheck";

test("my-pruner conforms at strict", async () => {
  const result = await checkSuite({ impl: "examples/typescript/my-pruner.ts", level: "strict", out: "reports/my-pruner" });

  // On failure the message is what `prunecheck run` prints: a verdict per property, the report files named.
  expect(result.conforms, result.text).toBe(true);
}, 120_000);
