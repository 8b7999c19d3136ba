import { describe, expect, it } from "vitest";
import { windowSize } from "../wire/budget.ts";
import { compact } from "./compact.ts";
import { pointerText } from "./resolve.ts";
import { frozenStore, frozenWindow, original, refusalOf } from "./test-helpers.ts";

const long = "x".repeat(100);
const plan = original("p1", long, "k1");
const schema = original("s1", `users.email VARCHAR(255) NOT NULL ${"·".repeat(60)}`, "k2", { tags: ["constraint"] });
const recent = original("r1", "y".repeat(100), "k3");
const store = frozenStore({ k1: plan.text, k2: schema.text, k3: recent.text });

describe("compact: budget-driven eviction", () => {
  it("leaves a window already within budget as it is, one derivation deeper", () => {
    const window = frozenWindow([plan, recent]);
    const compacted = compact(window, store, { unit: "chars", limit: 1000 });
    expect(compacted).toEqual({ spans: [plan, recent], derivation_depth: 1 });
  });

  it("leaves a window exactly at its budget as it is: fitting means at most the limit", () => {
    const window = frozenWindow([plan, recent]);
    const compacted = compact(window, store, { unit: "chars", limit: windowSize(window, "chars") });
    expect(compacted).toEqual({ spans: [plan, recent], derivation_depth: 1 });
  });

  it("evicts the oldest spans with a byte-exact copy first, to pointers, until the window fits", () => {
    const window = frozenWindow([plan, schema, recent]);
    const limit = windowSize(window, "chars") - 50;
    const compacted = compact(window, store, { unit: "chars", limit });
    expect(compacted.spans.map((span) => span.kind ?? "original")).toEqual(["pointer", "original", "original"]);
    expect(compacted.spans[0]).toEqual({ ...plan, kind: "pointer", text: pointerText("k1") });
    expect(windowSize(compacted, "chars")).toBeLessThanOrEqual(limit);
  });

  it("treats tags as no reason to keep or drop: a precondition span with a copy is evicted to a pointer like any other", () => {
    const window = frozenWindow([schema, recent]);
    const compacted = compact(window, store, { unit: "chars", limit: 110 });
    expect(compacted.spans[0]).toMatchObject({ span_id: "s1", kind: "pointer", externalized_key: "k2", tags: ["constraint"] });
  });

  it("counts tokens as ceil(code points / 4) per span", () => {
    const window = frozenWindow([plan, recent]);
    expect(windowSize(window, "tokens")).toBe(50);
    const compacted = compact(window, store, { unit: "tokens", limit: 30 });
    expect(windowSize(compacted, "tokens")).toBeLessThanOrEqual(30);
  });

  it("skips spans without a byte-exact copy and evicts the next candidate instead", () => {
    const stale = original("p1", long, "k-stale");
    const window = frozenWindow([stale, recent]);
    const compacted = compact(window, frozenStore({ "k-stale": `${long} `, k3: recent.text }), { unit: "chars", limit: 150 });
    expect(compacted.spans.map((span) => span.kind ?? "original")).toEqual(["original", "pointer"]);
  });

  it.each([
    ["larger", "ok"],
    ["the same size", "z".repeat(pointerText("k4").length)],
  ])("never evicts a span whose pointer would be %s", (_label, text) => {
    const tiny = original("t1", text, "k4");
    const window = frozenWindow([tiny, recent]);
    const compacted = compact(window, frozenStore({ k4: text, k3: recent.text }), { unit: "chars", limit: 60 });
    expect(compacted.spans[0]).toBe(tiny);
  });

  it("refuses with budget_unreachable, naming the first span without a copy, when the budget cannot be met", () => {
    const unexternalized = original("u1", long, null, { tags: ["negative_result"] });
    const window = frozenWindow([unexternalized, recent]);
    const refusal = refusalOf(() => compact(window, store, { unit: "chars", limit: 10 }));
    expect(refusal.code).toBe("budget_unreachable");
    expect(refusal.span_id).toBe("u1");
  });

  it("names the span without a copy, not an earlier span that was kept only because its pointer saves nothing", () => {
    const tiny = original("t1", "ok", "k4");
    const unexternalized = original("u1", long, null);
    const refusal = refusalOf(() => compact(frozenWindow([tiny, unexternalized]), frozenStore({ k4: "ok" }), { unit: "chars", limit: 10 }));
    expect(refusal.span_id).toBe("u1");
  });

  it("names the original without a copy, not a pointer whose key is already gone: the pointer is not what would be lost", () => {
    const dangling = { ...original("p0", pointerText("gone"), "gone"), kind: "pointer" as const };
    const unexternalized = original("u1", long, null);
    const refusal = refusalOf(() => compact(frozenWindow([dangling, unexternalized]), frozenStore({}), { unit: "chars", limit: 10 }));
    expect(refusal.span_id).toBe("u1");
  });

  it("says how far over budget the window stays, and whether the named span is the one without a copy", () => {
    const unexternalized = original("u1", long, null);
    const blocked = refusalOf(() => compact(frozenWindow([unexternalized, recent]), store, { unit: "chars", limit: 10 }));
    expect(blocked.message).toBe(
      'span "u1": the window needs 118 chars after evicting every span that has a copy, over the budget of 10; this span has no byte-exact copy [budget_unreachable]',
    );
    const unblocked = refusalOf(() => compact(frozenWindow([plan]), store, { unit: "chars", limit: 0 }));
    expect(unblocked.message).toBe("window: the window needs 18 chars after evicting every span that has a copy, over the budget of 0 [budget_unreachable]");
  });

  it("refuses with budget_unreachable and no span when even evicting everything cannot fit", () => {
    const window = frozenWindow([plan]);
    const refusal = refusalOf(() => compact(window, store, { unit: "chars", limit: 0 }));
    expect(refusal.code).toBe("budget_unreachable");
    expect(refusal.span_id).toBeNull();
  });

  it("refuses a derived window that does not resolve in the store, like prune", () => {
    const window = frozenWindow([original("u1", "unsaved", null), recent], 1);
    const refusal = refusalOf(() => compact(window, store, { unit: "chars", limit: 1000 }));
    expect(refusal.code).toBe("derived_ungrounded");
    expect(refusal.span_id).toBe("u1");
  });
});
