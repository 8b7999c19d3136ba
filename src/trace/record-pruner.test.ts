import { describe, expect, it } from "vitest";
import { definePruner, type Pruner } from "../transport/pruner.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import { ModelFailure } from "../errors/model-failure.ts";
import { referenceModelPruner, referencePruner } from "../reference/index.ts";
import { TraceConversationEnd, TraceExchange, TraceHeader } from "../wire/trace.ts";
import type { Store, Window } from "../wire/window.ts";
import { recordPruner } from "./record-pruner.ts";

const store: Store = { k1: "schema v2: id is a string" };
const window: Window = {
  spans: [
    { span_id: "a", text: "schema v2: id is a string", tags: ["constraint"], externalized_key: "k1" },
    { span_id: "b", text: "not externalized", tags: [], externalized_key: null },
  ],
  derivation_depth: 0,
};

function recording(pruner: Pruner, conversation?: string) {
  const lines: string[] = [];
  const recorded = recordPruner(pruner, (line) => lines.push(line), conversation === undefined ? {} : { conversation });
  return { lines, recorded };
}

describe("recordPruner", () => {
  it("writes a versioned header naming the pruner, then one schema-valid line per call with the answer unchanged", async () => {
    const { lines, recorded } = recording(referencePruner, "conv-1");
    const answer = await recorded.prune(window, ["a"], store);
    expect(answer).toEqual(await referencePruner.prune(window, ["a"], store));
    const header = TraceHeader.parse(JSON.parse(lines[0] as string));
    expect(header.implementation?.name).toBe(referencePruner.name);
    const exchange = TraceExchange.parse(JSON.parse(lines[1] as string));
    expect(exchange.request).toEqual({ id: 1, op: "prune", window, evict_ids: ["a"], store });
    expect(exchange.response).toEqual({ id: 1, ok: true, window: answer });
    expect(exchange.conversation).toBe("conv-1");
    expect(lines).toHaveLength(2);
  });

  it("records a refusal as the wire's error response and rethrows it to the caller", async () => {
    const { lines, recorded } = recording(referencePruner);
    await expect(recorded.prune(window, ["b"], store)).rejects.toBeInstanceOf(UnrecoverablePruneError);
    const exchange = TraceExchange.parse(JSON.parse(lines[1] as string));
    expect(exchange.response).toMatchObject({ id: 1, ok: false, error: { type: "UnrecoverablePruneError", span_id: "b", code: "not_externalized" } });
    expect(exchange.conversation).toBeUndefined();
  });

  it("records the request as it was before a pruner scribbled on it", async () => {
    const scribbler = definePruner({
      name: "scribbler",
      capabilities: ["prune"],
      prune(input: Window) {
        (input.spans as { text: string }[]).forEach((span) => (span.text = "gone"));
        return input;
      },
    });
    const { lines, recorded } = recording(scribbler);
    await recorded.prune(structuredClone(window), [], store);
    const exchange = TraceExchange.parse(JSON.parse(lines[1] as string));
    expect(exchange.request.window).toEqual(window);
  });

  it("keeps only the operations the pruner has, numbering requests in order", async () => {
    const { lines, recorded } = recording(definePruner({ name: "prune-only", capabilities: ["prune"], prune: (w: Window) => w }));
    expect(recorded.summarize).toBeUndefined();
    await recorded.prune(window, [], store);
    await recorded.prune(window, [], store);
    expect(lines.slice(1).map((line) => TraceExchange.parse(JSON.parse(line)).request.id)).toEqual([1, 2]);
  });

  it("tags each exchange with the conversation current when it was asked, for a pruner serving many", async () => {
    let current: string | undefined = "first";
    const lines: string[] = [];
    const recorded = recordPruner(referencePruner, (line) => lines.push(line), { conversation: () => current });
    await recorded.prune(window, [], store);
    current = "second";
    await recorded.prune(window, [], store);
    current = undefined;
    await recorded.prune(window, [], store);
    expect(lines.slice(1).map((line) => TraceExchange.parse(JSON.parse(line)).conversation)).toEqual(["first", "second", undefined]);
  });

  it("ends a conversation with a schema-valid end line, the one named or the current one", async () => {
    const at = new Date("2026-12-06T10:00:00.000Z");
    const lines: string[] = [];
    const recorded = recordPruner(referencePruner, (line) => lines.push(line), { conversation: "c1", now: () => at });
    recorded.endConversation();
    recorded.endConversation("c2");
    expect(lines.slice(1).map((line) => TraceConversationEnd.parse(JSON.parse(line)))).toEqual([
      { conversation_end: "c1", at: at.toISOString() },
      { conversation_end: "c2", at: at.toISOString() },
    ]);
  });

  it("refuses to end a conversation it cannot name, with a typed error", () => {
    const { lines, recorded } = recording(referencePruner);
    expect(() => recorded.endConversation()).toThrow(
      expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("no conversation to end") }),
    );
    expect(lines).toHaveLength(1);
  });
});

describe("recordPruner of a model-driven pruner", () => {
  const asked: string[] = [];
  const model = {
    summarize: async (spanIds: readonly string[]) => (asked.push("summarize"), { text: `summary of ${spanIds.join(", ")}` }),
    choose: async (spanIds: readonly string[]) => (asked.push("choose"), spanIds),
  };

  it("hands the pruner the model it is given, and records its summaries as summarize requests without text", async () => {
    const lines: string[] = [];
    const recorded = recordPruner(referenceModelPruner, (line) => lines.push(line));
    const budget = { unit: "chars" as const, limit: 40 };
    const answer = await recorded.compact!(window, store, budget, model);
    expect(asked).toEqual(["choose"]);
    expect(answer).toEqual(await referenceModelPruner.compact!(window, store, budget, model));
    const summarized = await recorded.summarizeWithModel!(window, ["a"], "sum", store, model);
    expect(summarized).toEqual(await referenceModelPruner.summarizeWithModel!(window, ["a"], "sum", store, model));
    const [compactLine, summarizeLine] = lines.slice(1).map((line) => TraceExchange.parse(JSON.parse(line)));
    expect(compactLine?.request).toMatchObject({ op: "compact", budget });
    expect(summarizeLine?.request).toEqual({ id: 2, op: "summarize", window, span_ids: ["a"], summary_id: "sum", store });
    // Beside each, the model's calls and answers, as the wire's model lines carry them.
    expect(compactLine?.model).toEqual([{ call: { kind: "choose", span_ids: ["a", "b"], budget }, answer: { ok: true, evict_ids: ["a", "b"] } }]);
    expect(summarizeLine?.model).toEqual([{ call: { kind: "summarize", span_ids: ["a"] }, answer: { ok: true, text: "summary of a" } }]);
  });

  it("records a failed model call as a failed answer, and the pruner's refusal of it", async () => {
    const lines: string[] = [];
    const recorded = recordPruner(referenceModelPruner, (line) => lines.push(line));
    const failing = { ...model, summarize: async () => Promise.reject(new ModelFailure("timeout", "the model took too long")) };
    await expect(Promise.resolve().then(() => recorded.summarizeWithModel!(window, ["a"], "sum", store, failing))).rejects.toMatchObject({
      code: "model_failed",
    });
    const exchange = TraceExchange.parse(JSON.parse(lines[1] as string));
    expect(exchange.model).toEqual([
      { call: { kind: "summarize", span_ids: ["a"] }, answer: { ok: false, error: { code: "timeout", message: "the model took too long" } } },
    ]);
    expect(exchange.response).toMatchObject({ ok: false, error: { code: "model_failed" } });
  });
});
