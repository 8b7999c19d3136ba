import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ProbeName } from "../src/models/probes.ts";
import type { ModelExchange } from "../src/llm/scripted-model.ts";
import type { Level, Step } from "../src/models/property.ts";
import type { Fact } from "../src/models/truth.ts";
import type { OperationCall, OperationRequest, Outcome } from "../src/wire/protocol.ts";
import { CATALOG, PROPERTIES } from "./index.ts";

/**
 * Hand-written steps, as data (properties/fixtures/<property id>.json): for every property, requests whose
 * answers it must accept and answers it must reject. Each property is thereby shown to fail on at least
 * one concrete answer, independent of any generator or mutant.
 */
interface Case {
  readonly name: string;
  readonly level: Level;
  readonly call: OperationCall;
  readonly outcome: Outcome;
  readonly probes?: Partial<Record<ProbeName, Outcome>>;
  /** The pruner's calls to the harness's model and their answers, for a model-driven request. */
  readonly model?: readonly ModelExchange[];
  readonly sent?: OperationRequest;
  /** The request before it in the run, for a property about repeating an operation on its result. */
  readonly previous?: Pick<Step, "call" | "outcome">;
  readonly truth: [string, Fact][];
  readonly expect: "pass" | "fail";
}

const fixtures = join(import.meta.dirname, "fixtures");

describe.each(PROPERTIES.map((property) => [property.id, property] as const))("%s", (id, property) => {
  const cases = JSON.parse(readFileSync(join(fixtures, `${id}.json`), "utf8")) as Case[];

  it("has fixtures that show it both passing and failing", () => {
    expect(cases.some((c) => c.expect === "pass")).toBe(true);
    expect(cases.some((c) => c.expect === "fail")).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const step: Step = {
      call: c.call,
      sent: c.sent ?? ({ ...c.call, id: 1 } as OperationRequest),
      outcome: c.outcome,
      truth: new Map(c.truth),
      level: c.level,
      probes: c.probes ?? {},
      model: c.model ?? [],
      ...(c.previous === undefined ? {} : { previous: c.previous }),
    };
    const finding = property.check(step);
    if (c.expect === "pass") expect(finding).toBeNull();
    else expect(finding?.message).toEqual(expect.any(String));
  });
});

it("every fixture file belongs to a property in the catalog", () => {
  const ids = new Set(PROPERTIES.map((property) => property.id));
  for (const file of readdirSync(fixtures)) expect(ids).toContain(file.replace(/\.json$/, ""));
});

it("every property quotes the design note word for word", () => {
  const fold = (text: string) => text.replace(/\s+/g, " ");
  const seed = fold(readFileSync(join(import.meta.dirname, "..", "docs", "seed.md"), "utf8"));
  for (const property of CATALOG) expect(seed, property.id).toContain(fold(property.quote));
});
