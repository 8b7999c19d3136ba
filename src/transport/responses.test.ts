import { describe, expect, it } from "vitest";
import type { OperationRequest } from "../wire/protocol.ts";
import { WIRE_LIMITS } from "../wire/limits.ts";
import { readHello, readResponse, readStray, readTurn } from "./responses.ts";

const hello = (fields: Record<string, unknown>) => JSON.stringify({ id: 0, ok: true, protocol: 1, name: "py", capabilities: ["prune"], ...fields });
const request: OperationRequest = { id: 4, op: "reground", window: { spans: [], derivation_depth: 1 }, store: {} };

describe("readHello: the handshake answer, or the handshake fault it is", () => {
  it("keeps the name and the capabilities the harness knows, in protocol order", () => {
    expect(readHello(hello({ capabilities: ["reground", "teleport", "prune"] }))).toEqual({
      ok: true,
      value: { name: "py", capabilities: ["prune", "reground"], pipelining: false, minor: 0 },
    });
  });

  it("keeps model only from an adapter that speaks protocol 1.1", () => {
    expect(readHello(hello({ capabilities: ["prune", "compact", "model"] }))).toMatchObject({ value: { capabilities: ["prune", "compact"], minor: 0 } });
    expect(readHello(hello({ capabilities: ["prune", "compact", "model"], protocol_minor: 1 }))).toMatchObject({
      value: { capabilities: ["prune", "compact", "model"], minor: 1 },
    });
  });

  it("takes pipelining only from an explicit true", () => {
    expect(readHello(hello({ pipelining: true }))).toMatchObject({ ok: true, value: { pipelining: true } });
    expect(readHello(hello({ pipelining: false }))).toMatchObject({ ok: true, value: { pipelining: false } });
    const reading = readHello(hello({ pipelining: "yes" }));
    expect(reading.ok ? null : [reading.code, reading.detail]).toEqual(["schema", expect.stringContaining("→ at pipelining")]);
  });

  it("bounds what parsing a line costs by the values it holds: 1.2 million fields in 20,000-field objects are a limits fault before it is parsed", () => {
    const fields = `{${Array.from({ length: WIRE_LIMITS.elements }, (_, index) => `"k${index}":0`).join(",")}}`;
    const line = `{"id":4,"ok":true,"window":{"spans":[],"derivation_depth":1,"extra":[${Array<string>(60).fill(fields).join(",")}]}}`;
    const reading = readResponse(line, request);
    expect(reading.ok ? null : [reading.code, reading.detail]).toEqual([
      "limits",
      `the answer to reground request 4: ✖ it holds more than ${WIRE_LIMITS.values} values (array elements and object fields at every level), past the limit → at (root) (found before parsing the line)`,
    ]);
  });

  it.each([
    ["a line that is not JSON", "hello!", "not_json", /^answered hello with a line that is not JSON: "hello!" \(/],
    ["a HelloResponse of another protocol", hello({ protocol: 2 }), "schema", /^answered hello with something other than a HelloResponse: ✖ .*→ at protocol/s],
    ["an answer with another id than hello's 0", hello({ id: 3 }), "wrong_id", /^answered hello \(id 0\) with id 3$/],
    ["capabilities without prune", hello({ capabilities: ["summarize"] }), "schema", /without "prune"/],
    [
      "an extra field nested past the limits",
      hello({ extra: "@" }).replace('"@"', `${"[".repeat(100)}${"]".repeat(100)}`),
      "limits",
      /^answered hello with a line outside the protocol's limits: ✖ arrays and objects are nested 65 deep .* → at extra\[0\]/,
    ],
  ])("refuses %s", (_what, line, code, detail) => {
    const reading = readHello(line);
    expect(reading.ok ? null : [reading.code, reading.detail]).toEqual([code, expect.stringMatching(detail)]);
  });
});

describe("readResponse: the outcome of a request, or the fault its answer is", () => {
  it("checks the id before the shape: an answer to another request is out of step", () => {
    expect(readResponse(JSON.stringify({ id: 3, junk: true }), request)).toEqual({ ok: false, code: "wrong_id", detail: "expected id 4, got 3" });
  });

  it("bounds the answer before anything parses it: a 1,000,000-deep field is a limits fault, found in the line's text (issue 33)", () => {
    const window = JSON.stringify({ spans: [{ span_id: "s1", text: "t", tags: [], externalized_key: null, deep: "@" }], derivation_depth: 1 });
    const line = JSON.stringify({ id: 4, ok: true, window: "@W" })
      .replace('"@W"', window)
      .replace('"@"', `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`);
    const reading = readResponse(line, request);
    expect(reading.ok ? null : [reading.code, reading.detail]).toEqual([
      "limits",
      `the answer to reground request 4: ✖ arrays and objects are nested 65 deep here, past the protocol's limit of 64 (an answer is level 1, its window level 2) → at window.spans[0].deep${"[0]".repeat(60)} (found before parsing the line)`,
    ]);
  });

  it("calls a model call past the limits a model call, not an answer, found before or after parsing (issue 45)", () => {
    const deep = `{"id":4,"model":{"kind":"choose","span_ids":["s1"],"x":${"[".repeat(70)}${"]".repeat(70)}}}`;
    const reading = readTurn(deep, request, true);
    expect(reading.ok ? null : reading.detail).toMatch(/^the model call made for reground request 4: ✖ arrays and objects are nested 65 deep/);
    const huge = `{"id":4,"model":{"kind":"choose","span_ids":["s1"],"x":1e400}}`;
    const past = readTurn(huge, request, true);
    expect(past.ok ? null : past.detail).toMatch(/^the model call made for reground request 4: ✖ Infinity is a number outside the wire range/);
  });

  it.each([
    ["an id of 1e400", '{"id":1e400,"ok":true,"window":{"spans":[],"derivation_depth":0}}', "→ at id"],
    ["a depth of -1e400", '{"id":4,"ok":true,"window":{"spans":[],"derivation_depth":-1e400}}', "→ at window.derivation_depth"],
    ["an extra field of 1e999", '{"id":4,"ok":false,"error":{"type":"E","message":"m","x":[1e999]}}', "→ at error.x[0]"],
  ])("names %s as a number outside the wire range, not as null", (_what, line, path) => {
    const reading = readResponse(line, request);
    expect(reading.ok ? null : reading.code).toBe("limits");
    expect(reading.ok ? null : reading.detail).toMatch(
      /^the answer to reground request 4: ✖ -?Infinity is a number outside the wire range: .*1e400 overflows to Infinity/,
    );
    expect(reading.ok ? null : reading.detail.endsWith(path)).toBe(true);
  });

  it("says so when an id is out of step because no request could have it", () => {
    const wrong = (id: string) => {
      const reading = readResponse(`{"id":${id},"ok":true,"window":{"spans":[],"derivation_depth":0}}`, request);
      return reading.ok ? null : [reading.code, reading.detail];
    };
    expect(wrong("1e20")).toEqual(["wrong_id", "expected id 4, got 100000000000000000000, which is not a request id (ids are integers from 0 to 2^53−1)"]);
    expect(wrong("-1")).toEqual(["wrong_id", "expected id 4, got -1, which is not a request id (ids are integers from 0 to 2^53−1)"]);
    expect(wrong("5")).toEqual(["wrong_id", "expected id 4, got 5"]);
  });

  it("passes a refusal through as an outcome", () => {
    const error = { type: "UnrecoverablePruneError", message: "no", span_id: "s1", code: "stale_key" };
    expect(readResponse(JSON.stringify({ id: 4, ok: false, error }), request)).toEqual({ ok: true, value: { ok: false, error } });
  });
});

describe("readStray: a line that arrived while no request was pending", () => {
  it("is out of step when it is JSON, and not JSON otherwise, showing the line either way", () => {
    const json = readStray('{"id":9}', request);
    expect(json.ok ? null : [json.code, json.detail]).toEqual(["wrong_id", expect.stringMatching(/request 4 was not sent .*: "\{\\"id\\":9\}"$/)]);
    const junk = readStray("oops", request);
    expect(junk.ok ? null : [junk.code, junk.detail]).toEqual(["not_json", expect.stringContaining(': "oops" (')]);
  });

  it("shows only the start of a long line, never half of a surrogate pair, with the line's length", () => {
    const line = `${"x".repeat(199)}😀${"y".repeat(50)}`;
    const reading = readStray(line, request);
    expect(reading.ok ? null : reading.detail).toContain(`: "${"x".repeat(199)}"… (${line.length} characters) (`);
  });
});

describe("readResponse keeps a field named __proto__ (issue 33)", () => {
  it("as the span's own field, so kept-untouched sees it added or dropped", () => {
    const request: OperationRequest = { id: 1, op: "prune", window: { spans: [], derivation_depth: 0 }, evict_ids: [], store: {} };
    const line =
      '{"id":1,"ok":true,"window":{"spans":[{"span_id":"s1","text":"t","tags":[],"externalized_key":null,"__proto__":{"x":1}}],"derivation_depth":1}}';
    const reading = readResponse(line, request);
    const span = reading.ok && reading.value.ok ? reading.value.window.spans[0] : undefined;
    expect(span !== undefined && Object.hasOwn(span, "__proto__")).toBe(true);
  });
});
