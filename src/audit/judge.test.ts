import { describe, expect, it } from "vitest";
import type { Pruner } from "../transport/pruner.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { staleKeyAccepted } from "../../properties/mutants/stale-key-accepted.ts";
import { referenceModelPruner, referencePruner } from "../reference/index.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import { TraceExchange } from "../wire/trace.ts";
import type { Store, Window } from "../wire/window.ts";
import { ConversationTruth, judgeExchange, notJudgedReason } from "./judge.ts";

// A stale copy: the store holds a near miss of the span's text under its key, as the seed's re-read found.
const store: Store = { k1: "schema v2: id is a string ", k2: "retry at most 3 times" };
const window: Window = {
  spans: [
    { span_id: "schema", text: "schema v2: id is a string", tags: ["constraint"], externalized_key: "k1" },
    { span_id: "retry", text: "retry at most 3 times", tags: ["constraint"], externalized_key: "k2" },
  ],
  derivation_depth: 0,
};

async function auditOf(pruner: Pruner): Promise<string[]> {
  const lines: string[] = [];
  const recorded = recordPruner(pruner, (line) => lines.push(line), { conversation: "c" });
  await Promise.resolve(recorded.prune(window, ["retry"], store)).catch(() => {});
  await Promise.resolve(recorded.prune(window, ["schema"], store)).catch(() => {});
  const truth = new ConversationTruth();
  return lines.slice(1).flatMap((line) => judgeExchange(TraceExchange.parse(JSON.parse(line)), truth, PROPERTIES, "strict").map((found) => found.property));
}

describe("judgeExchange", () => {
  it("finds nothing in a trace of the reference", async () => {
    expect(await auditOf(referencePruner)).toEqual([]);
  });

  it("finds a stale key accepted in a recorded trace of the mutant that accepts it", async () => {
    expect(await auditOf(staleKeyAccepted.pruner)).toEqual(expect.arrayContaining(["stale-key-refused", "pointer-not-paraphrase"]));
  });

  it("leaves the properties that need a probe or the live objects unjudged", () => {
    const unjudged = PROPERTIES.filter((property) => notJudgedReason(property) !== null).map((property) => property.id);
    expect(unjudged).toEqual(expect.arrayContaining(["deterministic", "budget-reachable", "inputs-immutable"]));
    expect(unjudged).toHaveLength(3);
  });

  it("does not blame the refusal of an exchange that used the model: the trace cannot show the model worked", async () => {
    const lines: string[] = [];
    const recorded = recordPruner(referenceModelPruner, (line) => lines.push(line));
    const failing = { summarize: async () => ({ text: "" }), choose: async (ids: readonly string[]) => ids };
    const exact: Window = { spans: [{ span_id: "a", text: "retry at most 3 times", tags: [], externalized_key: "k2" }], derivation_depth: 0 };
    await expect(Promise.resolve().then(() => recorded.summarizeWithModel!(exact, ["a"], "sum", store, failing))).rejects.toMatchObject({
      code: "model_failed",
    });
    const exchange = TraceExchange.parse(JSON.parse(lines[1] as string));
    const judged = (context: Parameters<typeof judgeExchange>[4]) =>
      judgeExchange(exchange, new ConversationTruth(), PROPERTIES, "core", context).map((found) => found.property);
    expect(judged({ capabilities: referenceModelPruner.capabilities })).toEqual([]);
    // Where the model is known to have answered (a replay's own), the same refusal of a safe summarize is a finding.
    const worked = { call: { kind: "summarize" as const, span_ids: ["a"] }, answer: { ok: true as const, text: "a summary" } };
    expect(judged({ capabilities: referenceModelPruner.capabilities, model: [worked] })).toEqual(["safe-prune-succeeds"]);
  });
});
