import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { appliesTo } from "../../src/models/property.ts";
import { checkProperty } from "../../src/models/run.ts";
import { PROPERTIES } from "../../properties/index.ts";
import myPruner from "../../examples/typescript/my-pruner.ts";
import modelPruner from "../../examples/typescript/model-pruner.ts";

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

// The README's model-driven example: it must hold whatever the harness's model answers.
describe("the README's model-driven example pruner", () => {
  const driver = inProcessDriver(modelPruner);
  it("declares model, so the harness plays its model", () => {
    expect(driver.capabilities).toContain("model");
  });
  for (const property of PROPERTIES.filter((candidate) => appliesTo(candidate, "strict", driver.capabilities))) {
    it(`conforms to ${property.id} at strict`, async () => {
      const result = await checkProperty(driver, property, { level: "strict", numRuns: 150, seed: 4242 });
      expect(result.status === "failed" ? result.violation.message : result.status).toBe("passed");
    });
  }
});
