/**
 * Test-only helpers for the reference's unit tests. Not exported from the package: nothing under `src/`
 * other than `*.test.ts` imports this file.
 */
import { expect } from "vitest";
import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { ProvenanceEntry, Span, Store, Window } from "../wire/window.ts";

/**
 * Freezes a value and everything reachable from it. Tests run as ES modules (strict mode), so any write a
 * pure function attempts on a frozen input throws instead of passing silently.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** An original span: what a runtime appends to the context before any pruning. */
export function original(span_id: string, text: string, externalized_key: string | null, fields: Partial<Span> = {}): Span {
  return { span_id, text, tags: [], externalized_key, ...fields };
}

/** A summary span as `summarize` builds one: depth 1, no key of its own, no tags unless given. */
export function summarySpan(span_id: string, text: string, provenance: ProvenanceEntry[], fields: Partial<Span> = {}): Span {
  return { span_id, text, tags: [], externalized_key: null, kind: "summary", provenance, derivation_depth: 1, ...fields };
}

/** A frozen window, so every test proves its inputs survive untouched. */
export function frozenWindow(spans: Span[], derivation_depth = 0): Window {
  return deepFreeze({ spans, derivation_depth });
}

/**
 * A frozen store built with own data properties, so keys such as `__proto__` are ordinary keys (an object
 * literal `{ __proto__: … }` would set the prototype instead).
 */
export function frozenStore(entries: Record<string, string> | [string, string][]): Store {
  return deepFreeze(Object.fromEntries(Array.isArray(entries) ? entries : Object.entries(entries)));
}

/** Runs an operation that must be refused, and returns the refusal for the test to inspect. */
export function refusalOf(run: () => unknown): UnrecoverablePruneError {
  let caught: unknown = "the operation returned instead of refusing";
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected an UnrecoverablePruneError").toBeInstanceOf(UnrecoverablePruneError);
  return caught as UnrecoverablePruneError;
}
