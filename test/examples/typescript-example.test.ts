import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { appliesTo } from "../../src/models/property.ts";
import { checkProperty } from "../../src/models/run.ts";
import { PROPERTIES } from "../../properties/index.ts";
import myPruner from "../../examples/typescript/my-pruner.ts";

// The README shows this file as the way to plug in a TypeScript pruner: it has to be true.
describe("the README's TypeScript example pruner", () => {
  const driver = inProcessDriver(myPruner);
  for (const property of PROPERTIES.filter((candidate) => appliesTo(candidate, "strict", driver.capabilities))) {
    it(`conforms to ${property.id} at strict`, async () => {
      const result = await checkProperty(driver, property, { level: "strict", numRuns: 150, seed: 4242 });
      expect(result.status === "failed" ? result.violation.message : result.status).toBe("passed");
    });
  }
});
