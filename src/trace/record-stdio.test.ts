import { describe, expect, it } from "vitest";
import { TraceConversationEnd, TraceExchange, TraceHeader } from "../wire/trace.ts";
import { StdioRecording } from "./record-stdio.ts";

const window = { spans: [{ span_id: "s1", text: "x", tags: [], externalized_key: "k1" }], derivation_depth: 0 };
const prune = (id: number) => JSON.stringify({ id, op: "prune", window, evict_ids: ["s1"], store: { k1: "x" } });
const answer = (id: number) => JSON.stringify({ id, ok: true, window });

function recording(conversation?: string) {
  const lines: string[] = [];
  let tick = 0;
  const now = () => new Date(Date.UTC(2026, 11, 6, 0, 0, 0, tick++));
  return { lines, recorder: new StdioRecording((line) => lines.push(line), { now, ...(conversation === undefined ? {} : { conversation }) }) };
}

describe("StdioRecording, what the recorder writes of the lines going by", () => {
  it("names the implementation its hello answer names, then pairs each operation with its answer by id, byte for byte", () => {
    const { lines, recorder } = recording("c1");
    recorder.request(JSON.stringify({ id: 0, op: "hello", protocol: 1 }));
    recorder.response(JSON.stringify({ id: 0, ok: true, protocol: 1, name: "my-pruner", capabilities: ["prune", "compact", 7] }));
    recorder.request(` ${prune(1)} `);
    recorder.request(prune(2));
    // Pipelined: answers may come back in any order.
    recorder.response(answer(2));
    recorder.response(answer(1));
    recorder.request(JSON.stringify({ id: 3, op: "shutdown" }));
    recorder.end();

    expect(TraceHeader.parse(JSON.parse(lines[0]!))).toMatchObject({ implementation: { name: "my-pruner", capabilities: ["prune", "compact"] } });
    const exchanges = lines.slice(1, -1).map((line) => TraceExchange.parse(JSON.parse(line)));
    expect(exchanges.map((exchange) => exchange.request.id)).toEqual([2, 1]);
    // The conversation it was told to record ends with the recording.
    expect(TraceConversationEnd.parse(JSON.parse(lines.at(-1)!))).toMatchObject({ conversation_end: "c1" });
    expect(lines[1]).toContain(`"request":${prune(2)},"response":${answer(2)}`);
    expect(exchanges.every((exchange) => exchange.conversation === "c1" && exchange.answered_at > exchange.sent_at)).toBe(true);
    expect(recorder.unpaired).toBe(0);
  });

  it("counts what it cannot pair, never drops it silently: a line that is not JSON, an answer to nothing, a request never answered", () => {
    const { lines, recorder } = recording();
    recorder.request("not json");
    recorder.request("   ");
    recorder.response(answer(9));
    recorder.response("{}");
    recorder.request(prune(1));
    recorder.end();

    expect(recorder.unpaired).toBe(4);
    // No exchange, but a header: the trace reads as empty, not as broken.
    expect(lines).toHaveLength(1);
    expect(TraceHeader.parse(JSON.parse(lines[0]!)).implementation).toBeUndefined();
  });

  it("writes the header once, before the first exchange, when the hello answer names no implementation", () => {
    const { lines, recorder } = recording();
    recorder.request(JSON.stringify({ id: 0, op: "hello", protocol: 1 }));
    recorder.response(JSON.stringify({ id: 0, ok: true, protocol: 1 }));
    recorder.request(prune(1));
    recorder.response(answer(1));
    recorder.end();

    expect(lines).toHaveLength(2);
    expect(TraceHeader.parse(JSON.parse(lines[0]!)).implementation).toBeUndefined();
  });

  it("records the model lines of a request beside its exchange, never mistaking a model call for the answer", () => {
    const { lines, recorder } = recording();
    recorder.request(JSON.stringify({ id: 0, op: "hello", protocol: 1 }));
    recorder.response(JSON.stringify({ id: 0, ok: true, protocol: 1, name: "model-driven", capabilities: ["prune", "summarize", "model"] }));
    const summarize = JSON.stringify({ id: 1, op: "summarize", window, span_ids: ["s1"], summary_id: "sum", store: { k1: "x" } });
    recorder.request(summarize);
    recorder.response(JSON.stringify({ id: 1, model: { kind: "summarize", span_ids: ["s1"] } }));
    recorder.request(JSON.stringify({ id: 1, model_answer: { ok: false, error: { code: "timeout", message: "slow" } } }));
    const refusal = JSON.stringify({
      id: 1,
      ok: false,
      error: { type: "UnrecoverablePruneError", message: "the model failed", span_id: null, code: "model_failed" },
    });
    recorder.response(refusal);
    recorder.request(prune(2));
    recorder.response(answer(2));
    recorder.end();

    const [summarized, pruned] = lines.slice(1).map((line) => TraceExchange.parse(JSON.parse(line)));
    expect(lines[1]).toContain(`"request":${summarize},"response":${refusal}`);
    expect(summarized?.model).toEqual([{ call: { kind: "summarize", span_ids: ["s1"] }, answer: { ok: false, error: { code: "timeout", message: "slow" } } }]);
    // An adapter that declared the model and made no call: known to have made none.
    expect(pruned?.model).toEqual([]);
    expect(recorder.unpaired).toBe(0);
  });
});
