import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { CompiledOperationResponse, CompiledWindow } from "./compiled.ts";
import { OperationResponse } from "./protocol.ts";
import { Window } from "./window.ts";

/** Valid windows of every span kind, and the same shapes with fields off in every way a pruner gets them wrong. */
const oddValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -2, max: 2 }),
  fc.double(),
  fc.string({ maxLength: 3 }),
  fc.constant([]),
  fc.constant({}),
);
const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: oddValue });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
const idArb = fc.constantFrom("a", "b", "c", "d", "__proto__");

const provenanceArb = fc.array(field(fc.record({ span_id: field(idArb), externalized_key: field(fc.string({ maxLength: 2 })) })), {
  minLength: 1,
  maxLength: 2,
});
const common = {
  span_id: field(idArb),
  text: field(fc.string({ maxLength: 4 })),
  tags: field(fc.array(field(fc.constantFrom("invariant", "diff")), { maxLength: 2 })),
  externalized_key: field(fc.option(fc.constantFrom("k", "", "__proto__"), { freq: 4 })),
  depends_on: maybe(field(fc.array(field(idArb), { maxLength: 2 }))),
  x_meta: maybe(fc.jsonValue({ maxDepth: 2 })),
};
const derived = { provenance: field(provenanceArb), derivation_depth: field(fc.nat({ max: 2 })) };
const spanArb = fc
  .oneof(
    fc.record({ ...common, kind: maybe(field(fc.constant("original"))) }),
    fc.record({ ...common, kind: field(fc.constant("pointer")) }),
    fc.record({ ...common, kind: field(fc.constant("pointer")), ...derived }),
    fc.record({ ...common, kind: field(fc.constant("summary")), ...derived }),
    // Kind and derived fields mixed freely: mostly combinations the refinements reject.
    fc.record({
      ...common,
      kind: maybe(field(fc.constantFrom("original", "pointer", "summary"))),
      provenance: maybe(field(provenanceArb)),
      derivation_depth: maybe(field(fc.integer({ min: -1, max: 2 }))),
    }),
  )
  .map((span) => Object.fromEntries(Object.entries(span).filter(([, value]) => value !== undefined)));
// Unique ids mostly, so valid windows of several spans are common; sometimes a duplicate.
const spansArb = fc.oneof(
  { weight: 3, arbitrary: fc.uniqueArray(spanArb, { maxLength: 4, selector: (span) => span.span_id }) },
  { weight: 1, arbitrary: fc.array(field(spanArb), { maxLength: 4 }) },
);
const windowArb = fc.record({ spans: field(spansArb), derivation_depth: field(fc.nat({ max: 3 })) });
const responseArb = fc.oneof(
  fc.record({ id: field(fc.nat({ max: 9 })), ok: field(fc.constant(true)), window: windowArb }),
  fc.record({
    id: field(fc.nat({ max: 9 })),
    ok: field(fc.constant(false)),
    error: field(
      fc.record({ type: field(fc.constant("UnrecoverablePruneError")), message: field(fc.string()), span_id: maybe(field(fc.option(fc.string()))) }),
    ),
  }),
);

/** What a parse says, in a form toEqual compares exactly: success, the parsed value, every issue. */
function verdict(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues };
}

describe("compiled wire schemas", () => {
  it.each([
    ["Window", Window],
    ["OperationResponse", OperationResponse],
  ])("%s compiles whole, with nothing left to the slow path by necessity", (_name, schema) => {
    // strict: a zod upgrade that can no longer compile a construct we use fails here, not silently slower.
    expect(() => z.compile(schema as z.ZodType, { strict: true })).not.toThrow();
  });

  it("parse every window exactly as the schema does: same verdict, same data, same issues", () => {
    let valid = 0;
    fc.assert(
      fc.property(windowArb, (value) => {
        const expected = verdict(Window, value);
        expect(verdict(CompiledWindow, value)).toEqual(expected);
        if (expected.success) valid++;
      }),
      { numRuns: 2000 },
    );
    // Both paths exercised: the compiled one (valid input) and the fallback (invalid input).
    expect(valid).toBeGreaterThan(400);
    expect(valid).toBeLessThan(1600);
  });

  it("parse every response exactly as the schema does", () => {
    fc.assert(
      fc.property(responseArb, (value) => {
        expect(verdict(CompiledOperationResponse, value)).toEqual(verdict(OperationResponse, value));
      }),
      { numRuns: 2000 },
    );
  });

  it("still hand back fresh objects, so a pruner keeping its answer cannot reach the harness's copy", () => {
    const returned = { spans: [{ span_id: "a", text: "t", tags: ["invariant"], externalized_key: null }], derivation_depth: 0 };
    const parsed = CompiledWindow.parse(returned);
    expect(parsed).toEqual(returned);
    expect(parsed).not.toBe(returned);
    expect(parsed.spans[0]).not.toBe(returned.spans[0]);
    expect(parsed.spans[0]?.tags).not.toBe(returned.spans[0]?.tags);
  });
});
