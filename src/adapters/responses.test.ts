import { describe, expect, it } from "vitest";
import type { OperationRequest } from "../wire/protocol.ts";
import { readHello, readResponse, readStray } from "./responses.ts";

const hello = (fields: Record<string, unknown>) => JSON.stringify({ id: 0, ok: true, protocol: 1, name: "py", capabilities: ["prune"], ...fields });
const request: OperationRequest = { id: 4, op: "reground", window: { spans: [], derivation_depth: 1 }, store: {} };

describe("readHello: the handshake answer, or the handshake fault it is", () => {
  it("keeps the name and the capabilities the harness knows, in protocol order", () => {
    expect(readHello(hello({ capabilities: ["reground", "teleport", "prune"] }))).toEqual({ ok: true, value: { name: "py", capabilities: ["prune", "reground"], pipelining: false } });
  });

  it("takes pipelining only from an explicit true", () => {
    expect(readHello(hello({ pipelining: true }))).toMatchObject({ ok: true, value: { pipelining: true } });
    expect(readHello(hello({ pipelining: false }))).toMatchObject({ ok: true, value: { pipelining: false } });
    const reading = readHello(hello({ pipelining: "yes" }));
    expect(reading.ok ? null : [reading.code, reading.detail]).toEqual(["schema", expect.stringContaining("→ at pipelining")]);
  });

  it.each([
    ["a line that is not JSON", "hello!", "not_json", /^answered hello with a line that is not JSON: "hello!" \(/],
    ["a HelloResponse of another protocol", hello({ protocol: 2 }), "schema", /^answered hello with something other than a HelloResponse: ✖ .*→ at protocol/s],
    ["an answer with another id than hello's 0", hello({ id: 3 }), "wrong_id", /^answered hello \(id 0\) with id 3$/],
    ["capabilities without prune", hello({ capabilities: ["summarize"] }), "schema", /without "prune"/],
  ])("refuses %s", (_what, line, code, detail) => {
    const reading = readHello(line);
    expect(reading.ok ? null : [reading.code, reading.detail]).toEqual([code, expect.stringMatching(detail)]);
  });
});

describe("readResponse: the outcome of a request, or the fault its answer is", () => {
  it("checks the id before the shape: an answer to another request is out of step", () => {
    expect(readResponse(JSON.stringify({ id: 3, junk: true }), request)).toEqual({ ok: false, code: "wrong_id", detail: "expected id 4, got 3" });
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
