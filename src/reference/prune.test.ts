import { describe, expect, it } from "vitest";
import { isPreconditionTag } from "../wire/tags.ts";
import { Window } from "../wire/window.ts";
import type { Span } from "../wire/window.ts";
import { prune } from "./prune.ts";
import { pointerText } from "./resolve.ts";
import { deepFreeze, frozenStore, frozenWindow, original, refusalOf, summarySpan } from "./test-helpers.ts";

const schema = original("s1", "orders.total NUMERIC(12,2) NOT NULL", "k1", { tags: ["constraint"] });
const diff = original("d1", "- total FLOAT\n+ total NUMERIC(12,2)", "k2");
const store = frozenStore({ k1: schema.text, k2: diff.text });

describe("prune: eviction to pointers", () => {
  it("replaces an evicted span with a pointer that keeps its key and every other field", () => {
    const span = original("s1", "orders.total NUMERIC(12,2)", "k1", {
      tags: ["constraint"],
      turn: 7,
      meta: { tool: "pg_dump", lines: [1, 2] },
    });
    const window = frozenWindow([span]);
    const pruned = prune(window, ["s1"], frozenStore({ k1: span.text }));
    expect(pruned.spans).toEqual([
      {
        span_id: "s1",
        text: "[externalized: k1]",
        tags: ["constraint"],
        externalized_key: "k1",
        kind: "pointer",
        turn: 7,
        meta: { tool: "pg_dump", lines: [1, 2] },
      },
    ]);
    expect(Window.safeParse(pruned).success).toBe(true);
  });

  it("leaves spans that are not evicted unchanged and in order", () => {
    const window = frozenWindow([schema, diff]);
    const pruned = prune(window, ["d1"], store);
    expect(pruned.spans[0]).toBe(schema);
    expect(pruned.spans.map((span) => span.span_id)).toEqual(["s1", "d1"]);
    expect(pruned.spans[1]?.kind).toBe("pointer");
  });

  it("increments derivation_depth by one", () => {
    expect(prune(frozenWindow([schema, diff], 0), ["s1"], store).derivation_depth).toBe(1);
    expect(prune(frozenWindow([schema, diff], 4), ["s1"], store).derivation_depth).toBe(5);
  });

  it("increments derivation_depth even when it evicts nothing", () => {
    const window = frozenWindow([schema, diff]);
    const pruned = prune(window, [], store);
    expect(pruned.spans).toEqual(window.spans);
    expect(pruned.derivation_depth).toBe(1);
  });

  it("ignores evict ids that are not in the window", () => {
    const window = frozenWindow([schema, diff]);
    const pruned = prune(window, ["nope", "d1", "also-missing"], store);
    expect(pruned.spans.map((span) => span.kind)).toEqual([undefined, "pointer"]);
    expect(prune(window, ["nope"], frozenStore({})).spans).toEqual(window.spans);
  });

  it("treats a duplicated evict id like a single one", () => {
    const pruned = prune(frozenWindow([schema, diff]), ["s1", "s1"], store);
    expect(pruned.spans.map((span) => span.kind)).toEqual(["pointer", undefined]);
  });

  it("re-evicting a pointer is idempotent: the pointer comes back unchanged", () => {
    const once = deepFreeze(prune(frozenWindow([schema, diff]), ["s1"], store));
    const twice = prune(once, ["s1"], store);
    expect(twice.spans).toEqual(once.spans);
    expect(twice.spans[0]).toBe(once.spans[0]);
    expect(twice.derivation_depth).toBe(2);
  });

  it("keeps a pointer's text as it is on re-eviction: kind marks a pointer, not its text", () => {
    const pointer: Span = { ...schema, kind: "pointer", text: "a model rewrote this marker" };
    const pruned = prune(frozenWindow([pointer]), ["s1"], store);
    expect(pruned.spans[0]).toEqual(pointer);
  });

  it("evicts an original whose text looks like a pointer marker like any other original", () => {
    const lookalike = original("x", pointerText("k9"), "k9");
    const pruned = prune(frozenWindow([lookalike]), ["x"], frozenStore({ k9: pointerText("k9") }));
    expect(pruned.spans[0]?.kind).toBe("pointer");
    expect(refusalOf(() => prune(frozenWindow([lookalike]), ["x"], frozenStore({}))).code).toBe("key_missing");
  });

  it("evicts an externalized summary to a pointer that keeps its provenance and depth", () => {
    const summary = summarySpan("sum", "schema constraints verified", [{ span_id: "s1", externalized_key: "k1" }], {
      tags: ["constraint"],
      externalized_key: "ks",
    });
    const pruned = prune(frozenWindow([summary]), ["sum"], frozenStore({ ks: summary.text, k1: schema.text }));
    expect(pruned.spans[0]).toEqual({ ...summary, kind: "pointer", text: "[externalized: ks]" });
    expect(Window.safeParse(pruned).success).toBe(true);
  });
});

describe("prune: text is compared byte-exact", () => {
  it.each([
    ["combining marks", "cafe\u0301 constraint"],
    ["emoji with ZWJ and skin tone", "owner: 👩🏽‍💻 (precondition) 🚫 staging"],
    ["whitespace-edged text", "  NOT NULL\t\n"],
    ["empty text", ""],
    ["CRLF line endings", "a\r\nb\r\n"],
  ])("evicts a span whose stored text is byte-identical (%s)", (_label, text) => {
    const span = original("s", text, "k");
    const pruned = prune(frozenWindow([span]), ["s"], frozenStore({ k: text }));
    expect(pruned.spans[0]).toMatchObject({ kind: "pointer", externalized_key: "k" });
  });

  it.each([
    ["NFC in the window, NFD in the store", "caf\u00e9", "cafe\u0301"],
    ["NFD in the window, NFC in the store", "cafe\u0301", "caf\u00e9"],
    ["a trailing newline the window lacks", "NOT NULL", "NOT NULL\n"],
    ["leading whitespace the store lacks", " NOT NULL", "NOT NULL"],
    ["empty text in the window", "", " "],
    ["a different emoji presentation", "✔\uFE0F verified", "✔ verified"],
  ])("refuses to evict a span whose stored text differs (stale_key): %s", (_label, windowText, storedText) => {
    expect(windowText).not.toBe(storedText);
    const error = refusalOf(() => prune(frozenWindow([original("s", windowText, "k")]), ["s"], frozenStore({ k: storedText })));
    expect(error).toMatchObject({ name: "UnrecoverablePruneError", code: "stale_key", span_id: "s" });
  });

  it("does not treat canonically equivalent NFC and NFD text as equal", () => {
    const nfc = "Zo\u00eb \u00c5ngstr\u00f6m";
    const nfd = nfc.normalize("NFD");
    expect(nfd.normalize("NFC")).toBe(nfc);
    expect(refusalOf(() => prune(frozenWindow([original("s", nfc, "k")]), ["s"], frozenStore({ k: nfd }))).code).toBe("stale_key");
  });
});

describe("prune: refusals", () => {
  it("refuses to evict a span with no externalized copy (not_externalized)", () => {
    const span = original("s1", schema.text, null, { tags: ["constraint"] });
    const error = refusalOf(() => prune(frozenWindow([span]), ["s1"], store));
    expect(error).toMatchObject({ code: "not_externalized", span_id: "s1" });
    expect(error.message).toBe('span "s1": the span has no externalized_key; write it to the store before evicting it [not_externalized]');
  });

  it("refuses an untagged span without a copy too: the reference never judges what is load-bearing", () => {
    const error = refusalOf(() => prune(frozenWindow([original("d1", diff.text, null)]), ["d1"], store));
    expect(error).toMatchObject({ code: "not_externalized", span_id: "d1" });
  });

  it("refuses alike whatever the tags: `Invariant` is not a precondition tag, but the refusal does not depend on tags", () => {
    expect(isPreconditionTag("Invariant")).toBe(false);
    expect(isPreconditionTag("invariant")).toBe(true);
    for (const tags of [["invariant"], ["Invariant"], ["PRECONDITION", " constraint"], []]) {
      const span = original("s", "x", null, { tags });
      expect(refusalOf(() => prune(frozenWindow([span]), ["s"], frozenStore({}))).code).toBe("not_externalized");
    }
  });

  it("preserves tags in odd order, mixed case and duplicated, exactly", () => {
    const tags = ["scope_qualifier", "Invariant", "invariant", "zeta", "zeta", "  "];
    const span = original("s", "prod, not staging", "k", { tags });
    const pruned = prune(frozenWindow([span]), ["s"], frozenStore({ k: span.text }));
    expect(pruned.spans[0]?.tags).toEqual(tags);
  });

  it("refuses to evict a span whose key is not in the store (key_missing)", () => {
    const error = refusalOf(() => prune(frozenWindow([schema]), ["s1"], frozenStore({ k2: diff.text })));
    expect(error).toMatchObject({ code: "key_missing", span_id: "s1" });
  });

  it("refuses to evict a span whose stored text differs (stale_key)", () => {
    const error = refusalOf(() => prune(frozenWindow([schema]), ["s1"], frozenStore({ k1: "orders.total FLOAT" })));
    expect(error).toMatchObject({ code: "stale_key", span_id: "s1" });
  });

  it("refuses to re-evict a pointer whose key is not in the store (unresolvable_pointer)", () => {
    const pointer: Span = { ...schema, kind: "pointer", text: pointerText("k1") };
    const error = refusalOf(() => prune(frozenWindow([pointer]), ["s1"], frozenStore({})));
    expect(error).toMatchObject({ code: "unresolvable_pointer", span_id: "s1" });
  });

  it("refuses to evict a summary whose provenance does not resolve (unresolvable_provenance)", () => {
    const summary = summarySpan("sum", "verified", [{ span_id: "s1", externalized_key: "gone" }], { externalized_key: "ks" });
    const error = refusalOf(() => prune(frozenWindow([summary]), ["sum"], frozenStore({ ks: "verified" })));
    expect(error).toMatchObject({ code: "unresolvable_provenance", span_id: "sum" });
    const pointer: Span = { ...summary, kind: "pointer", text: pointerText("ks") };
    expect(refusalOf(() => prune(frozenWindow([pointer]), ["sum"], frozenStore({ ks: "verified" }))).code).toBe("unresolvable_provenance");
  });

  it("refuses to evict a summary that was never externalized (not_externalized)", () => {
    const summary = summarySpan("sum", "verified", [{ span_id: "s1", externalized_key: "k1" }]);
    expect(refusalOf(() => prune(frozenWindow([summary]), ["sum"], store)).code).toBe("not_externalized");
  });

  it("names the first offending span in window order, and changes nothing", () => {
    const window = frozenWindow([original("a", "x", null), original("b", "y", "missing")]);
    const error = refusalOf(() => prune(window, ["b", "a"], frozenStore({})));
    expect(error).toMatchObject({ code: "not_externalized", span_id: "a" });
  });

  it("does not look at spans it is not asked to evict in a window at depth 0", () => {
    const window = frozenWindow([original("a", "x", null), original("b", "y", "kb")]);
    expect(prune(window, ["b"], frozenStore({ kb: "y" })).spans[1]?.kind).toBe("pointer");
  });
});

describe("prune: derived windows (derivation_depth >= 1)", () => {
  const pointer: Span = { ...diff, kind: "pointer", text: pointerText("k2") };
  const summary = summarySpan("sum", "constraints verified", [{ span_id: "s0", externalized_key: "k0" }], { tags: ["constraint"] });
  const groundedStore = frozenStore({ k0: "source", k1: schema.text, k2: diff.text });

  it("prunes a grounded derived window: originals match, pointers resolve, provenance resolves", () => {
    const window = frozenWindow([schema, pointer, summary], 1);
    const pruned = prune(window, ["s1"], groundedStore);
    expect(pruned.derivation_depth).toBe(2);
    expect(pruned.spans.map((span) => span.kind)).toEqual(["pointer", "pointer", "summary"]);
  });

  it("checks grounding of a summary by its provenance only, not its own (unexternalized) text", () => {
    const window = frozenWindow([summary], 3);
    expect(prune(window, [], groundedStore).derivation_depth).toBe(4);
  });

  it.each([
    ["an original with no key", original("u", "x", null), "not_externalized"],
    ["an original whose key is missing", original("u", "x", "nope"), "key_missing"],
    ["an original whose stored text differs", original("u", "x", "k1"), "stale_key"],
    ["a pointer whose key is missing", { ...pointer, span_id: "u", externalized_key: "nope" }, "unresolvable_pointer"],
    [
      "a summary whose provenance is missing",
      { ...summary, span_id: "u", provenance: [{ span_id: "s0", externalized_key: "nope" }] },
      "unresolvable_provenance",
    ],
  ] as [string, Span, string][])("refuses a derived window holding %s, even if it is not evicted (derived_ungrounded)", (_label, ungrounded, cause) => {
    const window = frozenWindow([schema, ungrounded], 1);
    const error = refusalOf(() => prune(window, ["s1"], groundedStore));
    expect(error).toMatchObject({ code: "derived_ungrounded", span_id: "u" });
    expect(error.message).toContain(`derivation_depth 1`);
    expect(error.message).toContain(`(${cause})`);
    expect(error.message.endsWith("[derived_ungrounded]")).toBe(true);
  });

  it("refuses an ungrounded derived window even when asked to evict nothing", () => {
    const window = frozenWindow([original("u", "x", null)], 2);
    expect(refusalOf(() => prune(window, [], frozenStore({}))).code).toBe("derived_ungrounded");
  });

  it("names the first ungrounded span in window order", () => {
    const window = frozenWindow([schema, original("u1", "x", null), original("u2", "y", null)], 1);
    expect(refusalOf(() => prune(window, [], groundedStore)).span_id).toBe("u1");
  });

  it("checks grounding before the evicted spans", () => {
    const window = frozenWindow([original("e", "x", null), original("u", "y", "nope")], 1);
    expect(refusalOf(() => prune(window, ["e"], frozenStore({})))).toMatchObject({ code: "derived_ungrounded", span_id: "e" });
  });
});

describe("prune: awkward ids and keys", () => {
  it.each([['quo"te'], ["back\\slash"], ["new\nline"], ["tab\there"], ["👩‍💻"], ["__proto__"], ["constructor"]])(
    "carries the id %j exactly into the refusal",
    (id) => {
      const error = refusalOf(() => prune(frozenWindow([original(id, "x", null)]), [id], frozenStore({})));
      expect(error.span_id).toBe(id);
      expect(error.message.startsWith(`span ${JSON.stringify(id)}: `)).toBe(true);
    },
  );

  it("evicts spans with such ids to pointers that keep the id", () => {
    const ids = ['q"', "b\\", "n\n", "__proto__", "toString"];
    const window = frozenWindow(ids.map((id, index) => original(id, `text ${index}`, `k${index}`)));
    const pruned = prune(window, ids, frozenStore(ids.map((_, index): [string, string] => [`k${index}`, `text ${index}`])));
    expect(pruned.spans.map((span) => [span.span_id, span.kind])).toEqual(ids.map((id) => [id, "pointer"]));
  });

  it("resolves keys such as `__proto__` and `toString` as ordinary own keys", () => {
    const window = frozenWindow([original("a", "A", "__proto__"), original("b", "B", "toString")]);
    const pruned = prune(
      window,
      ["a", "b"],
      frozenStore([
        ["__proto__", "A"],
        ["toString", "B"],
      ]),
    );
    expect(pruned.spans.map((span) => span.text)).toEqual(["[externalized: __proto__]", "[externalized: toString]"]);
  });

  it("does not resolve `toString`, `constructor` or `__proto__` through the store's prototype (key_missing)", () => {
    for (const key of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const error = refusalOf(() => prune(frozenWindow([original("a", "x", key)]), ["a"], frozenStore({})));
      expect(error.code).toBe("key_missing");
    }
  });

  it("treats the empty string as a key, distinct from no key", () => {
    const span = original("a", "x", "");
    expect(prune(frozenWindow([span]), ["a"], frozenStore({ "": "x" })).spans[0]?.text).toBe("[externalized: ]");
    expect(refusalOf(() => prune(frozenWindow([span]), ["a"], frozenStore({}))).code).toBe("key_missing");
  });
});
