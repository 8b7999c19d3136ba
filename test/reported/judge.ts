/**
 * A pinned counterexample, judged by the suite itself: one compact request built by hand from a public
 * report's own transcript, sent to the pruner, and the answer judged by every catalog property that
 * applies at the level, exactly as a generated run judges it (the same `check(step)`). A fixture that only
 * asserted what the library returned would show the library's behaviour, not that prunecheck catches it.
 */
import { scriptedModel } from "../../src/llm/scripted-model.ts";
import type { ModelAnswerSpec } from "../../src/llm/answer.ts";
import { inProcessDriver, toWireError } from "../../src/transport/in-process.ts";
import type { Pruner } from "../../src/transport/pruner.ts";
import { checkProperty } from "../../src/models/run.ts";
import { appliesTo, type Level, type Step } from "../../src/models/property.ts";
import type { Budget, Outcome, WireError } from "../../src/wire/protocol.ts";
import type { Span, Store, Window } from "../../src/wire/window.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { shrunkWindowSize, type FailedResult } from "../../properties/mutants/table.ts";

export interface Verdict {
  /** Span ids of the window the pruner returned, in order (none when it refused). */
  readonly kept: readonly string[];
  readonly returned?: Window;
  /** The pruner's refusal, as the wire carries it, when it threw instead of answering. */
  readonly refusal?: WireError;
  /** Each property of the level that rejects the answer, with its finding's message. */
  readonly violations: Readonly<Record<string, string>>;
}

/**
 * A model-driven pruner is handed the harness's model answering `script` (a failure is thrown, as in a
 * run), and its exchanges are what the model properties judge; a pruner that declares no model gets none.
 */
export async function judgeCompact(
  pruner: Pruner,
  spans: readonly Span[],
  budget: Budget,
  level: Level = "core",
  script: readonly ModelAnswerSpec[] = [],
): Promise<Verdict> {
  const store: Store = {};
  const window: Window = { spans: structuredClone([...spans]), derivation_depth: 0 };
  const call = { op: "compact" as const, window, store, budget };
  const { model, exchanges } = scriptedModel(script, window);
  const withModel = pruner.capabilities.includes("model");
  const outcome: Outcome = await Promise.resolve(pruner.compact!(structuredClone(window), structuredClone(store), budget, withModel ? model : undefined)).then(
    (returned) => ({ ok: true as const, window: returned }),
    (error: unknown) => ({ ok: false as const, error: toWireError(error) }),
  );
  const step: Step = {
    call,
    sent: { ...structuredClone(call), id: 1 },
    outcome,
    probes: {},
    model: exchanges,
    truth: new Map(spans.map((span) => [span.span_id, { span_id: span.span_id, text: span.text, tags: [...span.tags], lost: false }])),
    level,
  };
  const violations: Record<string, string> = {};
  for (const property of PROPERTIES) {
    if (!appliesTo(property, level, withModel ? ["compact", "model"] : ["compact"])) continue;
    const finding = property.check(step);
    if (finding !== null) violations[property.id] = finding.message;
  }
  return outcome.ok
    ? { kept: outcome.window.spans.map((span) => span.span_id), returned: outcome.window, violations }
    : { kept: [], refusal: outcome.error, violations };
}

export const span = (span_id: string, text: string, extra: Partial<Span> & { role?: string } = {}): Span => ({
  span_id,
  text,
  tags: [],
  externalized_key: null,
  ...extra,
});

/**
 * The generated search, for the fault patterns: one property checked in process with a fixed seed, as
 * `prunecheck run --impl … --property ID --seed N` checks it, so the shrunk counterexample is pinned too.
 */
export async function search(pruner: Pruner, propertyId: string, seed: number): Promise<{ result: FailedResult; windowSize: number }> {
  const property = PROPERTIES.find((candidate) => candidate.id === propertyId)!;
  const result = await checkProperty(inProcessDriver(pruner), property, { level: "core", numRuns: 100, seed });
  if (result.status !== "failed") throw new Error(`${propertyId} did not fail against ${pruner.name} with seed ${seed}: ${result.status}`);
  return { result, windowSize: shrunkWindowSize(result) };
}
