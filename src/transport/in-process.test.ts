import { describe, expect, it } from "vitest";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { OperationCall } from "../wire/protocol.ts";
import type { Window } from "../wire/window.ts";
import { inProcessDriver, toWireError } from "./in-process.ts";
import { definePruner } from "./pruner.ts";

const window: Window = { spans: [{ span_id: "s1", text: "NOT NULL", tags: [], externalized_key: "k1" }], derivation_depth: 0 };
const store = { k1: "NOT NULL" };
const prune: OperationCall = { op: "prune", window, evict_ids: ["s1"], store };
const unchanged = (input: Window): Window => ({ ...input, derivation_depth: input.derivation_depth + 1 });

describe("inProcessDriver", () => {
  it("numbers requests from 1 and answers each with what the pruner returned", async () => {
    const driver = inProcessDriver(definePruner({ name: "keeps", capabilities: [], prune: unchanged }));
    const first = await driver.send(prune);
    const second = await driver.send(prune);
    expect([first.request.id, second.request.id]).toEqual([1, 2]);
    expect(first.outcome).toEqual({ ok: true, window: { ...window, derivation_depth: 1 } });
  });

  it("always declares prune, whatever the pruner lists, in protocol order", () => {
    expect(inProcessDriver(definePruner({ name: "p", capabilities: ["compact", "summarize"], prune: unchanged })).capabilities).toEqual([
      "prune",
      "summarize",
      "compact",
    ]);
  });

  it("routes summarize, reground and compact to the pruner's own methods", async () => {
    const seen: string[] = [];
    const driver = inProcessDriver(
      definePruner({
        name: "all",
        capabilities: ["summarize", "reground", "compact"],
        prune: unchanged,
        summarize: (input, ids, summaryId, text) => (seen.push(`summarize ${ids.join()} as ${summaryId}: ${text}`), unchanged(input)),
        reground: (input) => (seen.push("reground"), unchanged(input)),
        compact: (input, _store, budget) => (seen.push(`compact to ${budget.limit} ${budget.unit}`), unchanged(input)),
      }),
    );
    await driver.send({ op: "summarize", window, span_ids: ["s1"], summary_id: "sum", summary_text: "short", store });
    await driver.send({ op: "reground", window, store });
    await driver.send({ op: "compact", window, store, budget: { unit: "tokens", limit: 3 } });
    expect(seen).toEqual(["summarize s1 as sum: short", "reground", "compact to 3 tokens"]);
  });

  it("answers an operation the pruner lacks with UnsupportedOperation instead of calling it", async () => {
    const driver = inProcessDriver(definePruner({ name: "prune-only", capabilities: [], prune: unchanged }));
    const { outcome } = await driver.send({ op: "reground", window, store });
    expect(outcome).toEqual({ ok: false, error: { type: "UnsupportedOperation", message: "prune-only does not implement reground", span_id: null } });
  });

  it("turns a refusal into a wire error and a result that is not a Window into a schema fault", async () => {
    const refusing = inProcessDriver(
      definePruner({
        name: "refuses",
        capabilities: [],
        prune: () => {
          throw new UnrecoverablePruneError("stale_key", "s1");
        },
      }),
    );
    expect((await refusing.send(prune)).outcome).toMatchObject({ ok: false, error: { type: "UnrecoverablePruneError", span_id: "s1", code: "stale_key" } });

    const junk = inProcessDriver(definePruner({ name: "junk", capabilities: [], prune: () => ({ spans: "none" }) as unknown as Window }));
    const fault = await junk.send(prune).catch((error: unknown) => error);
    expect(fault instanceof AdapterFault && [fault.code, fault.request?.id]).toEqual(["schema", 1]);
    // One line naming the path, as every verdict line is.
    expect(fault instanceof AdapterFault && fault.detail).toMatch(/^prune returned something that is not a Window: ✖ .* → at spans[^\n]*$/);
  });
});

describe("inProcessDriver: what a pruner returns is bounded before anything walks it", () => {
  /** A pruner that returns the window with `field` on its first span. */
  const returning = (field: () => unknown) =>
    inProcessDriver(
      definePruner({
        name: "hostile",
        capabilities: [],
        prune: (input) => ({ ...unchanged(input), spans: input.spans.map((kept) => ({ ...kept, field: field() })) }),
      }),
    );

  function deep(levels: number): unknown {
    let value: unknown = [];
    for (let level = 1; level < levels; level++) value = [value];
    return value;
  }

  it.each([
    [
      "a cyclic field",
      () => {
        const loop: Record<string, unknown> = {};
        loop.self = loop;
        return loop;
      },
      /✖ the value is cyclic, which JSON cannot carry: this is the same object as the one at spans\[0\]\.field → at spans\[0\]\.field\.self$/,
    ],
    ["a 100,000-deep field", () => deep(100_000), /✖ arrays and objects are nested 65 deep here, .* → at spans\[0\]\.field(?:\[0\]){60}$/],
    ["a field held to the depth it has inside a stdio answer (the window is level 2)", () => deep(61), /nested 65 deep/],
    ["a NaN", () => NaN, /✖ NaN is a number outside the wire range: .* → at spans\[0\]\.field$/],
    ["a bigint", () => 1n, /✖ a bigint is not JSON data: .* → at spans\[0\]\.field$/],
    ["a class instance", () => new (class Meta {})(), /✖ a Meta object is not JSON data: .* → at spans\[0\]\.field$/],
  ])("is a limits fault naming the request for %s", async (_what, field, detail) => {
    const fault = await returning(field)
      .send(prune)
      .catch((error: unknown) => error);
    expect(fault instanceof AdapterFault && [fault.code, fault.request?.id]).toEqual(["limits", 1]);
    expect(fault instanceof AdapterFault && fault.detail).toMatch(/^what prune request 1 returned: /);
    expect(fault instanceof AdapterFault && fault.detail).toMatch(detail);
  });

  it("accepts a field just within the depth limit", async () => {
    expect((await returning(() => deep(60)).send(prune)).outcome.ok).toBe(true);
  });

  it("is a limits fault, not a crash, when reading the answer throws", async () => {
    const trap = () =>
      Object.defineProperty({}, "boom", {
        enumerable: true,
        get: () => {
          throw new RangeError("no peeking");
        },
      });
    const fault = await returning(trap)
      .send(prune)
      .catch((error: unknown) => error);
    expect(fault instanceof AdapterFault && [fault.code, fault.detail]).toEqual([
      "limits",
      "what prune request 1 returned: reading it threw RangeError: no peeking",
    ]);
  });
});

describe("an answer with a field named __proto__ (issue 33)", () => {
  it("keeps it as the answer's own field, where parsing would have made it a prototype and lost it", async () => {
    const added = JSON.parse('{"span_id":"s1","text":"NOT NULL","tags":[],"externalized_key":"k1","__proto__":{"x":1}}') as Window["spans"][number];
    const pruner = definePruner({ name: "adds-proto", capabilities: ["prune"], prune: () => ({ spans: [added], derivation_depth: 1 }) });
    const exchange = await inProcessDriver(pruner).send(prune);
    const span = exchange.outcome.ok ? exchange.outcome.window.spans[0] : undefined;
    expect(span !== undefined && Object.hasOwn(span, "__proto__")).toBe(true);
    expect(Object.keys(span ?? {})).toContain("__proto__");
  });
});

describe("a pruner that throws something that cannot be read", () => {
  const throwing = (value: () => unknown) =>
    inProcessDriver(
      definePruner({
        name: "hostile",
        capabilities: ["prune"],
        prune() {
          throw value();
        },
      }),
    );
  const getterThrows = (name: string) =>
    Object.defineProperty(new Error("x"), name, {
      get() {
        throw new TypeError(`no ${name} for you`);
      },
    });

  it.each([
    ["an Error whose name getter throws", () => getterThrows("name"), "reading it threw TypeError: no name for you"],
    ["an Error whose message getter throws", () => getterThrows("message"), "reading it threw TypeError: no message for you"],
    ["an object that is not even a string", () => Object.create(null) as unknown, "reading it threw TypeError: Cannot convert object to primitive value"],
    [
      "a proxy whose every trap throws a value that cannot be read either",
      () =>
        new Proxy(
          {},
          {
            getPrototypeOf() {
              throw new Proxy(
                {},
                {
                  getPrototypeOf: () => {
                    throw 1;
                  },
                },
              );
            },
          },
        ),
      "reading it threw a value that cannot be read either",
    ],
  ])("blames the pruner, as a schema fault with the request: %s", async (_, value, why) => {
    const fault = await throwing(value)
      .send(prune)
      .catch((error: unknown) => error);
    expect(fault).toBeInstanceOf(AdapterFault);
    expect((fault as AdapterFault).code).toBe("schema");
    expect((fault as AdapterFault).request).toMatchObject({ op: "prune", id: 1 });
    expect((fault as AdapterFault).detail).toContain(why);
  });
});

describe("toWireError: a thrown value as the wire carries it", () => {
  it("keeps an UnrecoverablePruneError's span and reason code", () => {
    const refusal = new UnrecoverablePruneError("key_missing", "s9");
    expect(toWireError(refusal)).toEqual({ type: "UnrecoverablePruneError", message: refusal.message, span_id: "s9", code: "key_missing" });
  });

  it("reads span_id or spanId, and a string code, from any other error", () => {
    const snake = Object.assign(new RangeError("out of budget"), { span_id: "s1", code: "E_BUDGET" });
    const camel = Object.assign(new Error("lost"), { spanId: "s2" });
    expect(toWireError(snake)).toEqual({ type: "RangeError", message: "out of budget", span_id: "s1", code: "E_BUDGET" });
    expect(toWireError(camel)).toEqual({ type: "Error", message: "lost", span_id: "s2" });
  });

  it("drops a span id or code that is not a string", () => {
    const odd = Object.assign(new Error("odd"), { span_id: 3, code: 42 });
    expect(toWireError(odd)).toEqual({ type: "Error", message: "odd", span_id: null });
  });

  it("calls an error with an empty name an Error, and describes a thrown non-error by its type", () => {
    const nameless = Object.assign(new Error("anonymous"), { name: "" });
    expect(toWireError(nameless).type).toBe("Error");
    expect(toWireError("just a string")).toEqual({ type: "string", message: "just a string", span_id: null });
    expect(toWireError(undefined)).toEqual({ type: "undefined", message: "undefined", span_id: null });
  });
});
