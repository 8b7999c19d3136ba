import { describe, expect, it } from "vitest";
import { ProvenanceEntry, Span, Store, Window, kindOf } from "./window.ts";

const original = { span_id: "a", text: "exact", tags: [], externalized_key: "k" };
const summary = {
  span_id: "sum",
  text: "verified",
  tags: ["constraint"],
  externalized_key: null,
  kind: "summary",
  provenance: [{ span_id: "a", externalized_key: "k" }],
  derivation_depth: 1,
};

function issuesOf(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error?.issues as { path: PropertyKey[]; message: string; code: string }[];
}

describe("Window", () => {
  it("rejects a duplicate span id, pointing at the second occurrence and naming the first", () => {
    const issues = issuesOf(Window, {
      spans: [original, { ...original, span_id: "b" }, { ...original, text: "other" }],
      derivation_depth: 0,
    });
    expect(issues).toEqual([
      expect.objectContaining({
        code: "custom",
        path: ["spans", 2, "span_id"],
        message: 'span_id "a" is already used by spans[0]; span ids are unique within a window',
      }),
    ]);
  });

  it("reports every duplicate, each at its own path", () => {
    const issues = issuesOf(Window, { spans: [original, original, original], derivation_depth: 0 });
    expect(issues.map((issue) => issue.path)).toEqual([
      ["spans", 1, "span_id"],
      ["spans", 2, "span_id"],
    ]);
  });

  it("quotes awkward duplicate ids exactly in the message", () => {
    const id = 'q"\\\n';
    const issues = issuesOf(Window, {
      spans: [
        { ...original, span_id: id },
        { ...original, span_id: id },
      ],
      derivation_depth: 0,
    });
    expect(issues[0]?.message).toContain(JSON.stringify(id));
  });

  it("treats NFC and NFD ids as different ids", () => {
    const spans = [
      { ...original, span_id: "caf\u00e9" },
      { ...original, span_id: "cafe\u0301" },
    ];
    expect(Window.safeParse({ spans, derivation_depth: 0 }).success).toBe(true);
  });

  it("accepts an empty window and requires a non-negative integer depth", () => {
    expect(Window.safeParse({ spans: [], derivation_depth: 0 }).success).toBe(true);
    for (const derivation_depth of [-1, 1.5, "1", null]) {
      expect(Window.safeParse({ spans: [], derivation_depth }).success).toBe(false);
    }
  });

  it("is strict at the window level: unknown window fields are rejected", () => {
    expect(issuesOf(Window, { spans: [], derivation_depth: 0, budget: 100 })[0]?.code).toBe("unrecognized_keys");
  });
});

describe("Span", () => {
  it("requires a summary to carry provenance", () => {
    const { provenance: _dropped, ...withoutProvenance } = summary;
    const issues = issuesOf(Span, withoutProvenance);
    expect(issues).toEqual([expect.objectContaining({ path: ["provenance"] })]);
    expect(issues[0]?.message).toContain("a summary span must carry provenance");
  });

  it("requires a summary's provenance to be non-empty", () => {
    expect(issuesOf(Span, { ...summary, provenance: [] }).map((issue) => issue.path)).toContainEqual(["provenance"]);
  });

  it("requires a summary to carry its derivation_depth", () => {
    const { derivation_depth: _dropped, ...withoutDepth } = summary;
    expect(issuesOf(Span, withoutDepth)).toEqual([expect.objectContaining({ path: ["derivation_depth"] })]);
  });

  it("forbids an original from carrying provenance, with or without an explicit kind", () => {
    const provenance = [{ span_id: "x", externalized_key: "kx" }];
    expect(issuesOf(Span, { ...original, provenance })).toEqual([expect.objectContaining({ path: ["provenance"] })]);
    expect(issuesOf(Span, { ...original, kind: "original", provenance })[0]?.message).toContain('set kind to "summary"');
  });

  it("forbids an original from carrying a derivation_depth", () => {
    expect(issuesOf(Span, { ...original, derivation_depth: 1 })).toEqual([expect.objectContaining({ path: ["derivation_depth"] })]);
  });

  it("requires a pointer to keep its key", () => {
    const issues = issuesOf(Span, { ...original, kind: "pointer", externalized_key: null });
    expect(issues).toEqual([expect.objectContaining({ path: ["externalized_key"] })]);
    expect(issues[0]?.message).toContain("a pointer without a key is a paraphrase");
  });

  it("accepts a pointer to a summary, which keeps its provenance and depth", () => {
    expect(Span.safeParse({ ...summary, kind: "pointer", externalized_key: "ks", text: "[externalized: ks]" }).success).toBe(true);
  });

  it("requires a pointer to keep provenance and derivation_depth together, or neither", () => {
    const pointer = { ...summary, kind: "pointer", externalized_key: "ks", text: "[externalized: ks]" };
    const { provenance: _p, ...withoutProvenance } = pointer;
    const { derivation_depth: _d, ...withoutDepth } = pointer;
    expect(issuesOf(Span, withoutProvenance)).toEqual([expect.objectContaining({ path: ["provenance"] })]);
    expect(issuesOf(Span, withoutDepth)).toEqual([expect.objectContaining({ path: ["derivation_depth"] })]);
    expect(Span.safeParse({ ...original, kind: "pointer" }).success).toBe(true);
  });

  it("accepts a pointer whose text is anything: the marker carries no meaning", () => {
    expect(Span.safeParse({ ...original, kind: "pointer", text: "" }).success).toBe(true);
  });

  it("preserves extra fields through parsing, nested values included", () => {
    const span = { ...original, turn: 7, meta: { tool: "psql", lines: [1, 2], nested: { deep: null } }, "odd key\n": "v" };
    expect(Span.parse(span)).toEqual(span);
    const window = { spans: [span, { ...summary, trace: ["t1"] }], derivation_depth: 1 };
    expect(Window.parse(window)).toEqual(window);
  });

  it("preserves text and tags exactly: Unicode, whitespace, empty, duplicated and mixed-case tags", () => {
    const span = { ...original, text: "  cafe\u0301 👩🏽‍💻\r\n", tags: ["Invariant", "invariant", "b", "b", ""] };
    expect(Span.parse(span)).toEqual(span);
    expect(Span.parse({ ...original, text: "" }).text).toBe("");
  });

  it("rejects an empty span id and an unknown kind", () => {
    expect(issuesOf(Span, { ...original, span_id: "" })[0]?.path).toEqual(["span_id"]);
    expect(issuesOf(Span, { ...original, kind: "paraphrase" })[0]?.path).toEqual(["kind"]);
  });

  it("requires externalized_key to be present, as a string or null", () => {
    const { externalized_key: _dropped, ...withoutKey } = original;
    expect(issuesOf(Span, withoutKey)[0]?.path).toEqual(["externalized_key"]);
    expect(Span.safeParse({ ...original, externalized_key: "" }).success).toBe(true);
  });
});

describe("ProvenanceEntry", () => {
  it("is strict and needs a non-empty span id", () => {
    expect(ProvenanceEntry.safeParse({ span_id: "a", externalized_key: "k" }).success).toBe(true);
    expect(ProvenanceEntry.safeParse({ span_id: "", externalized_key: "k" }).success).toBe(false);
    expect(ProvenanceEntry.safeParse({ span_id: "a", externalized_key: "k", note: 1 }).success).toBe(false);
  });
});

describe("kindOf", () => {
  it("reads a missing kind as original", () => {
    expect(kindOf({})).toBe("original");
    expect(kindOf({ kind: "pointer" })).toBe("pointer");
    expect(kindOf({ kind: "summary" })).toBe("summary");
  });
});

describe("Store", () => {
  it("maps keys to exact texts", () => {
    const store = { k: "cafe\u0301", "": "", toString: "t" };
    expect(Store.parse(store)).toEqual(store);
    expect(Store.safeParse({ k: 1 }).success).toBe(false);
  });

  it("drops a `__proto__` key when parsing (zod strips it to guard the prototype), so the wire cannot carry that key", () => {
    const parsed = Store.parse(JSON.parse('{"__proto__":"p","k":"v"}'));
    expect(Object.hasOwn(parsed, "__proto__")).toBe(false);
    expect(parsed).toEqual({ k: "v" });
  });
});
