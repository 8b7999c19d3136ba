import { describe, expect, it } from "vitest";
import { referenceModelPruner, referencePruner, referenceWith, summarizeWithModel } from "./index.ts";

describe("referenceWith: the embedded reference declaring only some capabilities (run --capabilities)", () => {
  it("is the reference itself when nothing is chosen", () => {
    expect(referenceWith()).toBe(referencePruner);
  });

  it("declares what was chosen, prune always first among them, in protocol order", () => {
    const chosen = referenceWith(["reground", "summarize"]);
    expect(chosen.capabilities).toEqual(["prune", "summarize", "reground"]);
    expect(chosen.name).toBe("reference");
    expect(chosen.summarizeWithModel).toBeUndefined();
  });

  it("is the model-driven reference when model is chosen", () => {
    const chosen = referenceWith(["compact", "model"]);
    expect(chosen.capabilities).toEqual(["prune", "compact", "model"]);
    expect(chosen.name).toBe("reference-model");
    expect(chosen.summarizeWithModel).toBe(summarizeWithModel);
    expect(chosen.compact).toBe(referenceModelPruner.compact);
  });
});
