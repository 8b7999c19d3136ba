import { describe, expect, it } from "vitest";
import { referenceModelPruner, referencePruner } from "../reference/index.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import { definePruner } from "./pruner.ts";
import { serveModule, type Lines } from "./serve-module.ts";

const STORE = { k1: "users.email: VARCHAR(255) NOT NULL UNIQUE" };
const WINDOW = { spans: [{ span_id: "s1", text: STORE.k1, tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };
const HELLO = { id: 0, op: "hello", protocol: 1 };

/**
 * The runtime's side, scripted: `answer` gives each line the served pruner writes the lines the runtime
 * sends next (a model answer, say); the input ends after the script and those.
 */
function runtime(script: readonly unknown[], answer: (written: Record<string, unknown>) => unknown[] = () => []) {
  const queue = script.map((line) => (typeof line === "string" ? line : JSON.stringify(line)));
  const written: Record<string, unknown>[] = [];
  const lines: Lines = {
    next: async () => queue.shift(),
    write: (line) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      written.push(parsed);
      queue.unshift(...answer(parsed).map((next) => JSON.stringify(next)));
    },
  };
  return { lines, written };
}

describe("serveModule: a module served over stdio protocol 1.1", () => {
  it("shakes hands with protocol 1.1 and its capabilities, answers each request, and stops at shutdown", async () => {
    const prune = { id: 1, op: "prune", window: WINDOW, evict_ids: ["s1"], store: STORE };
    const { lines, written } = runtime([HELLO, prune, { id: 2, op: "shutdown" }, { id: 3, op: "prune", window: WINDOW, evict_ids: [], store: STORE }]);
    await serveModule(referencePruner, lines, () => {});

    expect(written[0]).toEqual({
      id: 0,
      ok: true,
      protocol: 1,
      protocol_minor: 1,
      name: "reference",
      capabilities: ["prune", "summarize", "reground", "compact"],
    });
    expect(written[1]).toMatchObject({ id: 1, ok: true, window: { spans: [{ span_id: "s1", kind: "pointer", externalized_key: "k1" }] } });
    // Nothing after shutdown is read.
    expect(written).toHaveLength(2);
  });

  it("sends each model call as a model line and hands the pruner the answer the next line brings", async () => {
    const summarize = { id: 1, op: "summarize", window: WINDOW, span_ids: ["s1"], summary_id: "sum", store: STORE };
    const { lines, written } = runtime([HELLO, summarize], (line) =>
      "model" in line ? [{ id: 1, model_answer: { ok: true, text: "the email column is unique" } }] : [],
    );
    await serveModule(referenceModelPruner, lines, () => {});

    expect(written[1]).toEqual({ id: 1, model: { kind: "summarize", span_ids: ["s1"] } });
    expect(written[2]).toMatchObject({ id: 1, ok: true, window: { spans: [{ span_id: "sum", text: "the email column is unique", kind: "summary" }] } });
  });

  it("tells the pruner its model failed when the runtime answers a model call with anything else", async () => {
    const summarize = { id: 1, op: "summarize", window: WINDOW, span_ids: ["s1"], summary_id: "sum", store: STORE };
    const { lines, written } = runtime([HELLO, summarize], (line) => ("model" in line ? [{ id: 7, op: "prune" }] : []));
    await serveModule(referenceModelPruner, lines, () => {});

    expect(written[2]).toMatchObject({ id: 1, ok: false, error: { type: "UnrecoverablePruneError", code: "model_failed" } });
  });

  it("sends what the pruner returns as it is, and what it throws as a refusal, for the runtime to judge", async () => {
    const odd = definePruner({
      name: "odd",
      capabilities: ["prune", "reground"],
      prune: () => ({ spans: "not spans" }) as never,
      reground: () => {
        throw new UnrecoverablePruneError("stale_key", "s1", "stale");
      },
    });
    const { lines, written } = runtime([
      HELLO,
      { id: 1, op: "prune", window: WINDOW, evict_ids: [], store: STORE },
      { id: 2, op: "reground", window: WINDOW, store: STORE },
    ]);
    await serveModule(odd, lines, () => {});

    expect(written[1]).toEqual({ id: 1, ok: true, window: { spans: "not spans" } });
    expect(written[2]).toEqual({
      id: 2,
      ok: false,
      error: { type: "UnrecoverablePruneError", message: 'span "s1": stale [stale_key]', span_id: "s1", code: "stale_key" },
    });
  });

  it('hands the pruner the store as sent, a key "__proto__" included', async () => {
    const store = JSON.parse('{"__proto__": "users.email: VARCHAR(255) NOT NULL UNIQUE"}') as Record<string, string>;
    const window = { spans: [{ ...WINDOW.spans[0], externalized_key: "__proto__" }], derivation_depth: 0 };
    const { lines, written } = runtime([HELLO, `{"id":1,"op":"prune","window":${JSON.stringify(window)},"evict_ids":["s1"],"store":${JSON.stringify(store)}}`]);
    await serveModule(referencePruner, lines, () => {});

    expect(written[1]).toMatchObject({ id: 1, ok: true, window: { spans: [{ kind: "pointer", externalized_key: "__proto__" }] } });
  });

  it("answers a line that is no request with a refusal naming why, tells its log, and goes on to the end of input", async () => {
    const log: string[] = [];
    const { lines, written } = runtime([HELLO, "not json", { id: 4, op: "prune", window: WINDOW }]);
    await serveModule(referencePruner, lines, (text) => log.push(text));

    expect(written.slice(1)).toMatchObject([
      { id: null, ok: false, error: { type: "InvalidRequest", message: "not a request this adapter takes: not a JSON object" } },
      { id: 4, ok: false, error: { type: "InvalidRequest" } },
    ]);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/^prunecheck record: a line that is no request \(not a JSON object\): not json$/);
  });
});
