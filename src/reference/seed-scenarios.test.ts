/**
 * The seed's three failure signatures, replayed against the reference as deterministic scenarios. Each
 * must end in a loud, typed refusal (or, once the preconditions of compaction hold, in a window whose
 * sources are recoverable byte-exact) instead of the silent divergence the seed observed.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { StoreConflictError } from "../errors/store.ts";
import { Window } from "../wire/window.ts";
import type { Span } from "../wire/window.ts";
import migration from "./fixtures/seed-migration.json" with { type: "json" };
import { compact, ContentStore, contentKey, externalize, prune, referencePruner, reground, summarize } from "./index.ts";
import { deepFreeze, frozenStore, refusalOf } from "./test-helpers.ts";

const Fixture = z.object({
  window: Window,
  laundered_summary: z.string(),
  second_order_summary: z.string(),
  scope_qualifier: z.string(),
  current_schema: z.string(),
});
const fixture = deepFreeze(Fixture.parse(migration));
const { window } = fixture;

const SCHEMA = "tool-0007:schema-dump";
const SCOPE = "note-0008:scope";
const NEGATIVE = "tool-0011:negative";
const schemaText = (window.spans.find((span) => span.span_id === SCHEMA) as Span).text;
const scopeText = (window.spans.find((span) => span.span_id === SCOPE) as Span).text;

/** The compaction path the seed asks for: write every span out, then summarize the preconditions. */
function externalizedSummary() {
  const store = new ContentStore();
  const ids = window.spans.map((span) => span.span_id);
  const externalized = deepFreeze(externalize(window, ids, store));
  const snapshot = deepFreeze(store.snapshot());
  const summarized = deepFreeze(summarize(externalized, [SCHEMA, SCOPE], "summary-1", fixture.laundered_summary, snapshot));
  return { store, snapshot, externalized, summarized };
}

describe("the reference is what the harness runs by default", () => {
  it("exposes prune, summarize, reground and compact as the reference pruner", () => {
    const operations = { prune, summarize, reground, compact };
    expect(referencePruner.capabilities).toEqual(Object.keys(operations));
    expect(referencePruner).toMatchObject({ name: "reference", ...operations });
  });
});

describe("provenance laundering", () => {
  it('refuses a summary claiming "schema constraints verified" over spans that are not externalized', () => {
    const error = refusalOf(() => summarize(window, [SCHEMA, SCOPE], "summary-1", fixture.laundered_summary, frozenStore({})));
    expect(error).toMatchObject({ name: "UnrecoverablePruneError", code: "not_externalized", span_id: SCHEMA });
  });

  it("refuses to evict the schema dump before it is externalized, whatever its tags say", () => {
    expect(refusalOf(() => prune(window, [SCHEMA], frozenStore({})))).toMatchObject({ code: "not_externalized", span_id: SCHEMA });
    expect(refusalOf(() => prune(window, ["plan-0012"], frozenStore({})))).toMatchObject({ code: "not_externalized", span_id: "plan-0012" });
  });

  it("with externalized sources, the summary's provenance resolves to the exact schema text", () => {
    const { summarized, snapshot } = externalizedSummary();
    const summary = summarized.spans[0] as Span;
    expect(summary).toMatchObject({ span_id: "summary-1", kind: "summary", derivation_depth: 1, text: fixture.laundered_summary });
    expect(summary.provenance?.map((entry) => entry.span_id)).toEqual([SCHEMA, SCOPE]);
    expect(snapshot[summary.provenance?.[0]?.externalized_key as string]).toBe(schemaText);
    expect(summary.provenance?.[0]?.externalized_key).toBe(contentKey(schemaText));
    expect(summary.tags).toEqual(["tool_output", "constraint", "scope_qualifier"]);
    expect(Window.safeParse(summarized).success).toBe(true);
  });

  it("a summary whose provenance does not resolve cannot justify eviction or regrounding", () => {
    const { summarized } = externalizedSummary();
    const emptyStore = frozenStore({});
    expect(refusalOf(() => reground(summarized, emptyStore))).toMatchObject({ code: "unresolvable_provenance", span_id: "summary-1" });
    expect(refusalOf(() => prune(summarized, [], emptyStore))).toMatchObject({ code: "derived_ungrounded", span_id: "summary-1" });
  });
});

describe("non-idempotent re-prune", () => {
  it("refuses a second summarize of the first summary (summary_depth_exceeded)", () => {
    const { summarized, snapshot } = externalizedSummary();
    const error = refusalOf(() => summarize(summarized, ["summary-1"], "summary-2", fixture.second_order_summary, snapshot));
    expect(error).toMatchObject({ code: "summary_depth_exceeded", span_id: "summary-1" });
  });

  it("refuses it too when the first summary has been externalized and evicted to a pointer", () => {
    const { summarized, store } = externalizedSummary();
    const withSummaryKey = deepFreeze(externalize(summarized, ["summary-1"], store));
    const snapshot = deepFreeze(store.snapshot());
    const pointed = deepFreeze(prune(withSummaryKey, ["summary-1"], snapshot));
    expect(pointed.spans[0]).toMatchObject({ span_id: "summary-1", kind: "pointer" });
    const error = refusalOf(() => summarize(pointed, ["summary-1", "plan-0012"], "summary-2", fixture.second_order_summary, snapshot));
    expect(error).toMatchObject({ code: "summary_depth_exceeded", span_id: "summary-1" });
  });

  it('keeps the scope qualifier "verified against production, not staging" recoverable byte-exact', () => {
    const { summarized, snapshot } = externalizedSummary();
    const entry = summarized.spans[0]?.provenance?.find((source) => source.span_id === SCOPE);
    const recovered = snapshot[entry?.externalized_key as string] as string;
    expect(recovered).toBe(scopeText);
    expect(recovered).toContain(fixture.scope_qualifier);
    expect(summarized.spans[0]?.text).not.toContain(fixture.scope_qualifier);
  });

  it("makes a re-prune visible in derivation_depth even when it changes no span", () => {
    const { externalized, snapshot } = externalizedSummary();
    const once = deepFreeze(prune(externalized, [SCHEMA, NEGATIVE], snapshot));
    const twice = prune(once, [SCHEMA, NEGATIVE], snapshot);
    expect(twice.spans).toEqual(once.spans);
    expect([once.derivation_depth, twice.derivation_depth]).toEqual([1, 2]);
  });

  it("regrounds the pointers back to the exact sources and depth 0", () => {
    const { externalized, snapshot } = externalizedSummary();
    const pruned = deepFreeze(prune(externalized, [SCHEMA, SCOPE], snapshot));
    const grounded = reground(pruned, snapshot);
    expect(grounded.derivation_depth).toBe(0);
    expect(grounded.spans.slice(0, 2).map((span) => span.text)).toEqual([schemaText, scopeText]);
  });
});

describe("irrecoverable divergence", () => {
  it("refuses to evict with stale_key when the store holds the current, mutated schema under the key", () => {
    const { externalized } = externalizedSummary();
    const key = contentKey(schemaText);
    const reread = frozenStore({ [key]: fixture.current_schema });
    const error = refusalOf(() => prune(externalized, [SCHEMA], reread));
    expect(error).toMatchObject({ code: "stale_key", span_id: SCHEMA });
  });

  it("refuses a derived window over the re-read store as ungrounded, naming the stale span", () => {
    const { externalized, snapshot } = externalizedSummary();
    const derived = deepFreeze(prune(externalized, [NEGATIVE], snapshot));
    const reread = frozenStore({ ...snapshot, [contentKey(schemaText)]: fixture.current_schema });
    const error = refusalOf(() => prune(derived, [SCHEMA], reread));
    expect(error).toMatchObject({ code: "derived_ungrounded", span_id: SCHEMA });
    expect(error.message).toContain("(stale_key)");
  });

  it("the append-only store will not let the current schema overwrite the original under its key", () => {
    const { store } = externalizedSummary();
    const key = contentKey(schemaText);
    expect(() => store.bind(key, fixture.current_schema)).toThrow(StoreConflictError);
    expect(store.put(fixture.current_schema)).not.toBe(key);
    expect(store.get(key)).toBe(schemaText);
  });
});
