import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeWireDataProblem, textProblem, WIRE_LIMITS, wireDataProblem } from "./limits.ts";

/** `levels` arrays, one inside the other: `[[...[]...]]`. */
function nested(levels: number): unknown[] {
  let value: unknown[] = [];
  for (let level = 1; level < levels; level++) value = [value];
  return value;
}

const answer = (field: unknown) => ({
  id: 1,
  ok: true,
  window: { spans: [{ span_id: "s1", text: "t", tags: ["constraint"], externalized_key: null, field }], derivation_depth: 1 },
});
/** The path to `field` in `answer` and the levels above it: the answer, window, spans, the span. */
const FIELD = ["window", "spans", 0, "field"];
const ABOVE_FIELD = 4;

describe("wireDataProblem: JSON data within the protocol's limits, or what is wrong and where", () => {
  it("accepts an answer with every kind of JSON value, undefined fields and shared (acyclic) objects", () => {
    const shared = { a: [1, -0, 2.5e-300, "x", true, false, null] };
    expect(wireDataProblem(answer({ left: shared, right: shared, gone: undefined, bare: Object.create(null) }))).toBeNull();
  });

  it(`allows exactly ${WIRE_LIMITS.depth} levels, the answer counted as 1, and names the path of the level past it`, () => {
    expect(wireDataProblem(answer(nested(WIRE_LIMITS.depth - ABOVE_FIELD)))).toBeNull();
    const problem = wireDataProblem(answer(nested(WIRE_LIMITS.depth - ABOVE_FIELD + 1)));
    expect(problem?.path).toEqual([...FIELD, ...Array.from({ length: WIRE_LIMITS.depth - ABOVE_FIELD }, () => 0)]);
    expect(problem?.message).toBe(`arrays and objects are nested 65 deep here, past the protocol's limit of 64 (an answer is level 1, its window level 2)`);
  });

  it("counts from rootDepth, so a window alone is held to the depth it has inside an answer", () => {
    const { window } = answer(nested(WIRE_LIMITS.depth - ABOVE_FIELD));
    expect(wireDataProblem(window, 2)).toBeNull();
    expect(wireDataProblem(window, 3)?.message).toMatch(/nested 65 deep/);
  });

  it(`allows ${WIRE_LIMITS.elements} elements to an array or fields to an object, and stops at one more without walking them`, () => {
    expect(wireDataProblem(answer(Array(WIRE_LIMITS.elements).fill(0)))).toBeNull();
    const long = wireDataProblem(answer(Array(1_000_000).fill(0)));
    expect(long).toEqual({ path: FIELD, message: "an array of 1000000 elements is past the protocol's limit of 20000 elements to one array or object" });
    const wide = Object.fromEntries(Array.from({ length: WIRE_LIMITS.elements + 1 }, (_, index) => [`f${index}`, 0]));
    expect(wireDataProblem(answer(wide))?.message).toBe(
      "an object of more than 20000 fields is past the protocol's limit of 20000 elements to one array or object",
    );
  });

  it("stops a 100,000-deep value without exhausting the stack", () => {
    expect(wireDataProblem(answer(nested(100_000)))?.message).toMatch(/^arrays and objects are nested 65 deep/);
  });

  it("calls a cycle a cycle, naming the object and the ancestor it is", () => {
    const field: Record<string, unknown> = { note: "n" };
    field.again = [{ loop: field }];
    const problem = wireDataProblem(answer(field));
    expect(problem).not.toBeNull();
    expect(describeWireDataProblem(problem!)).toBe(
      "✖ the value is cyclic, which JSON cannot carry: this is the same object as the one at window.spans[0].field → at window.spans[0].field.again[0].loop",
    );
  });

  it.each([
    ["Infinity (what 1e400 parses to)", Infinity, "Infinity is a number outside the wire range"],
    ["-Infinity", -Infinity, "-Infinity is a number outside the wire range"],
    ["NaN", NaN, "NaN is a number outside the wire range"],
    ["a bigint", 1n, "a bigint is not JSON data"],
    ["a function", () => 1, "a function is not JSON data"],
    ["a symbol", Symbol("s"), "a symbol is not JSON data"],
    ["a Date", new Date(0), "a Date object is not JSON data"],
    ["a Map", new Map(), "a Map object is not JSON data"],
  ])("names %s where it is", (_what, value, message) => {
    const problem = wireDataProblem(answer({ inner: [value] }));
    expect(problem?.path).toEqual([...FIELD, "inner", 0]);
    expect(problem?.message.startsWith(message)).toBe(true);
  });

  it("names a bad root value at the root", () => {
    expect(wireDataProblem(NaN)).toEqual({ path: [], message: expect.stringMatching(/^NaN is a number outside the wire range/) });
  });

  it("refuses a value whose JSON would not fit in one protocol line", () => {
    const half = "x".repeat(WIRE_LIMITS.lineBytes / 2);
    expect(wireDataProblem(answer([half.slice(100)]))).toBeNull();
    expect(wireDataProblem(answer([half, half]))).toEqual({
      path: [],
      message: `the answer is larger than a protocol line allows: its JSON exceeds ${WIRE_LIMITS.lineBytes} bytes`,
    });
  });

  it("stops early on a value that is small in memory but huge as JSON (one array shared 2^50 times over)", () => {
    let field: unknown = ["x".repeat(1000)];
    for (let level = 0; level < 50; level++) field = [field, field];
    expect(wireDataProblem(answer(field))?.message).toMatch(/^the answer is larger than a protocol line allows/);
  });
});

describe("textProblem: the limits, read from JSON text before it is parsed", () => {
  const ANY = { values: Number.MAX_SAFE_INTEGER };

  it("counts arrays and objects, not brackets inside strings, escaped quotes included", () => {
    expect(textProblem(JSON.stringify(nested(WIRE_LIMITS.depth)), ANY)).toBeNull();
    expect(textProblem(JSON.stringify({ a: [nested(WIRE_LIMITS.depth - 1)] }), ANY)).toEqual(wireDataProblem({ a: [nested(WIRE_LIMITS.depth - 1)] }));
    expect(textProblem(JSON.stringify({ text: '[[[[[[ \\" {{{{{{ ",,,,' }), { values: 2 })).toBeNull();
    expect(textProblem(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`, ANY)?.message).toMatch(/nested 65 deep here/);
  });

  it("finds an array or object past the elements limit, at any depth, with its path", () => {
    const zeros = (count: number) => Array<number>(count).fill(0);
    expect(textProblem(JSON.stringify({ spans: zeros(WIRE_LIMITS.elements) }), ANY)).toBeNull();
    const array = textProblem(JSON.stringify({ window: { 'sp"ans': [1, [2, zeros(WIRE_LIMITS.elements + 1)]] } }), ANY);
    expect(array).toEqual({ path: ["window", 'sp"ans', 1, 1], message: expect.stringMatching(/^an array of more than 20000 elements is past/) });
    const fields = Object.fromEntries(zeros(WIRE_LIMITS.elements + 1).map((_, index) => [`k${index}`, index]));
    expect(textProblem(JSON.stringify({ window: { store: fields } }), ANY)).toEqual({
      path: ["window", "store"],
      message: expect.stringMatching(/^an object of more than 20000 fields/),
    });
  });

  it("counts values as the walk over the parsed value does, whitespace or not", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), (value, limit, pretty) => {
        const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        expect(textProblem(text, { values: limit }) === null).toBe(wireDataProblem(value, 1, limit) === null);
      }),
    );
  });

  it("holds a file's text without its whitespace to a size, where asked", () => {
    const text = JSON.stringify({ a: "x".repeat(100) }, null, 40);
    expect(textProblem(text, { values: 10, compactBytes: 110 })).toBeNull();
    expect(textProblem(text, { values: 10, compactBytes: 100 })?.message).toMatch(/larger than 100 bytes, whitespace left out/);
  });
});
