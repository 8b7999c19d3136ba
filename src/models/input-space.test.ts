import { describe, expect, it } from "vitest";
import { withSend } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { referencePruner } from "../reference/index.ts";
import type { Capability, OperationCall } from "../wire/protocol.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { enumerateCases, stageCase } from "../engine/exhaustive.ts";
import { operationsFor, SPAN_FORMS, spanForm } from "./input-space.ts";
import { checkProperty } from "./run.ts";

const CAPABILITY_SETS: readonly (readonly Capability[])[] = [
  ["prune"],
  ["prune", "summarize"],
  ["prune", "reground"],
  ["prune", "compact"],
  ["prune", "summarize", "reground", "compact"],
];

/** The operations asked for and the span forms sent, over a set of calls. */
function seen(calls: Iterable<OperationCall>): { ops: string[]; forms: string[] } {
  const ops = new Set<string>();
  const forms = new Set<string>();
  for (const call of calls) {
    ops.add(call.op);
    for (const span of call.window.spans) forms.add(spanForm(span));
  }
  return { ops: [...ops].sort(), forms: [...forms].sort() };
}

/** What random runs (`run`, and `fuzz`'s rounds) send the reference when it declares only `capabilities`. */
async function randomCalls(capabilities: readonly Capability[]): Promise<OperationCall[]> {
  const calls: OperationCall[] = [];
  const inner = inProcessDriver({ ...referencePruner, capabilities });
  const driver = withSend(inner, (call, options) => {
    calls.push(call);
    return inner.send(call, options);
  });
  const property = PROPERTIES.find((candidate) => candidate.id === "kept-untouched");
  const result = await checkProperty(driver, property as (typeof PROPERTIES)[number], { level: "core", numRuns: 150, seed: 7 });
  expect(result.status).toBe("passed");
  return calls;
}

function* exhaustiveCalls(capabilities: readonly Capability[]): Generator<OperationCall> {
  for (const testCase of enumerateCases(1, capabilities)) yield stageCase(testCase, capabilities).call;
}

// One input space per capability set: if random runs and the exhaustive phase sent different span forms
// or operations, one command would accept a pruner the other rejects.
describe("the input space by capability, shared by random runs and the exhaustive phase", () => {
  for (const capabilities of CAPABILITY_SETS) {
    it(`declaring ${capabilities.join(", ")}: both send every span form and exactly the declared operations`, async () => {
      const expected = { ops: [...operationsFor(capabilities)].sort(), forms: [...SPAN_FORMS].sort() };
      expect(seen(exhaustiveCalls(capabilities))).toEqual(expected);
      expect(seen(await randomCalls(capabilities))).toEqual(expected);
    });
  }

  it("prune is always asked for, the rest only when declared", () => {
    expect(operationsFor([])).toEqual(["prune"]);
    expect(operationsFor(["compact", "summarize"])).toEqual(["prune", "summarize", "compact"]);
  });
});
