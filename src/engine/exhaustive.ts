import { COPY_STATES, TAG_CLASSES, type CopyState, type ExhaustiveCase, type TagClass } from "../models/exhaustive-case.ts";
import type { Capability, OperationCall } from "../wire/protocol.ts";
import { windowSize } from "../wire/budget.ts";
import { storeSnapshot } from "../models/harness.ts";
import { callLabel } from "../models/call-label.ts";
import { World, type CopyMode } from "../models/world.ts";
import { operationsFor, type SpanForm } from "../models/input-space.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";

/**
 * The bounded-exhaustive phase's cases (the small-scope hypothesis: most pruner faults show in a window of
 * one to three spans). A span is drawn from the kinds that matter to the seed's conditions, a tag class
 * times a copy state; a case is a window of up to `bound` such spans, at depth 0 or 1, its spans
 * independent or each depending on the one before (a tool call and its results, a chain), and one request
 * on it: a prune of every evict subset, and where declared a summarize of every non-empty source subset,
 * a reground, and a compact to nothing and to half the window's size. For an implementation that declares
 * `model`, each compact, and each summarize sent without text for it to write, once per answer of
 * MODEL_ANSWERS.
 */
/** The form (../src/models/input-space.ts) a span in each copy state has: together, every form there is. */
export const COPY_STATE_FORMS: Record<CopyState, SpanForm> = {
  exact: "original",
  "no-key": "original",
  "missing-key": "original",
  "stale-key": "original",
  pointer: "pointer",
  "pointer-missing": "pointer",
  summary: "summary",
  "summary-exact": "summary",
  "summary-lost": "summary",
  "summary-pointer": "summary-pointer",
};

const TAG_CLASS_NAMES = Object.keys(TAG_CLASSES) as TagClass[];
/** Every span kind, tag class major: 4 × 10 = 40. */
export const SPAN_KINDS: readonly (readonly [TagClass, CopyState])[] = TAG_CLASS_NAMES.flatMap((tags) => COPY_STATES.map((copy) => [tags, copy] as const));

export const COMPACT_FRACTIONS = [0, 0.5] as const;
/**
 * A model-driven compactor's too: three quarters of the window leaves room for a model's summary of it (a
 * faithful one keeps 24 characters a source), which at half a summary of these texts never meets.
 */
export const MODEL_COMPACT_FRACTIONS = [0, 0.5, 0.75] as const;

/**
 * What the model answers in the model-driven cases: one answer of each way the seed's failures arise
 * (src/llm/answer.ts), the faithful one first. A careless summary answer also calls everything redundant.
 */
export const MODEL_ANSWERS: readonly ModelAnswerSpec[] = [
  { kind: "faithful" },
  { kind: "choose", pick: "everything" },
  { kind: "paraphrase", change: "drop-scope" },
  { kind: "claims", provenance: "invented" },
  { kind: "empty" },
  { kind: "error", message: "Error: 429 Too Many Requests" },
];

/** Operations per window of k spans, for an implementation declaring `capabilities`. */
function opsPerWindow(k: number, capabilities: readonly Capability[]): number {
  const subsets = 2 ** k;
  const ops = operationsFor(capabilities);
  const answers = capabilities.includes("model") ? MODEL_ANSWERS.length : 0;
  return (
    subsets +
    (ops.includes("summarize") ? (subsets - 1) * (1 + answers) : 0) +
    (ops.includes("reground") ? 1 : 0) +
    (ops.includes("compact") ? (answers === 0 ? COMPACT_FRACTIONS.length : MODEL_COMPACT_FRACTIONS.length * answers) : 0)
  );
}

/** Independent spans, and (from two spans on) every span depending on the one before. */
function linkings(k: number): readonly boolean[] {
  return k >= 2 ? [false, true] : [false];
}

/**
 * Σ over k = 0..bound of 2 depths × (k ≥ 2 ? 2 : 1) linkings × 40^k windows × (2^k prunes + [summarize]
 * (2^k − 1) × (1 + [model] 6) + [reground] 1 + [compact] 2, or with model 3 × 6): for prune only, 25,762 cases at
 * bound 2 and 2,073,762 at bound 3; for the reference (every operation), 64,488 and 4,672,488.
 */
export function caseCount(bound: number, capabilities: readonly Capability[]): number {
  let total = 0;
  for (let k = 0; k <= bound; k++) total += 2 * linkings(k).length * SPAN_KINDS.length ** k * opsPerWindow(k, capabilities);
  return total;
}

/** Every case up to the bound, smallest windows first, so the first failure of a property is a smallest one. */
export function* enumerateCases(bound: number, capabilities: readonly Capability[]): Generator<ExhaustiveCase> {
  const ops = operationsFor(capabilities);
  const answers = capabilities.includes("model") ? MODEL_ANSWERS : [];
  for (let k = 0; k <= bound; k++) {
    for (const chained of linkings(k)) {
      for (const depth of [0, 1] as const) {
        for (const spans of tuples(k)) {
          const window = { depth, spans, ...(chained ? { chained } : {}) };
          for (const named of subsets(k)) yield { ...window, op: "prune", named };
          if (ops.includes("summarize")) {
            for (const named of subsets(k)) {
              if (named.length === 0) continue;
              yield { ...window, op: "summarize", named };
              for (const model of answers) yield { ...window, op: "summarize", named, model };
            }
          }
          if (ops.includes("reground")) yield { ...window, op: "reground", named: [] };
          if (ops.includes("compact")) {
            if (answers.length === 0) for (const fraction of COMPACT_FRACTIONS) yield { ...window, op: "compact", named: [], fraction };
            for (const fraction of answers.length === 0 ? [] : MODEL_COMPACT_FRACTIONS) {
              for (const model of answers) yield { ...window, op: "compact", named: [], fraction, model };
            }
          }
        }
      }
    }
  }
}

function* tuples(k: number): Generator<[TagClass, CopyState][]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (const head of tuples(k - 1)) for (const kind of SPAN_KINDS) yield [...head, [...kind]];
}

function* subsets(k: number): Generator<number[]> {
  for (let mask = 0; mask < 2 ** k; mask++) yield [...Array(k).keys()].filter((i) => (mask >> i) & 1);
}

/** The texts the seed is about, one per position, so no two spans of a case share a text or a key. */
const TEXTS = [
  "users.email: VARCHAR(255) NOT NULL UNIQUE",
  "verified against production, not staging",
  "tried `ALTER TABLE … TYPE int`; failed because rows exceed 2^31",
  "as of commit abc123",
];

/** The text of the pointers a case starts with: empty, which the schema allows and no marker matches. */
const POINTER_TEXT = "";

/** The text a summary in a case stands in for its source with: the seed's laundering sentence. */
const SUMMARY_TEXT = "schema constraints verified";

const COPY_MODES: Record<CopyState, CopyMode> = {
  exact: "honest",
  "no-key": "none",
  "missing-key": "missing",
  "stale-key": "stale",
  pointer: "honest",
  "pointer-missing": "honest",
  summary: "none",
  "summary-exact": "honest",
  "summary-lost": "none",
  "summary-pointer": "honest",
};

export interface StagedCase {
  readonly world: World;
  readonly label: string;
  readonly call: OperationCall;
}

/**
 * The world a case describes, built with the model's own World (so truth, store and lost facts mean
 * what they mean in a random run), and the one request to judge.
 */
export function stageCase(testCase: ExhaustiveCase, capabilities: readonly Capability[]): StagedCase {
  const world = new World(capabilities, "counter");
  testCase.spans.forEach(([tagClass, copy], index) => {
    const tags = TAG_CLASSES[tagClass];
    const form = COPY_STATE_FORMS[copy];
    const summarized = form === "summary" || form === "summary-pointer";
    const text = TEXTS[index] ?? `span ${index + 1} of the window`;
    const dependsOn = testCase.chained === true && index > 0 ? [index - 1] : [];
    let span = world.addSpan({
      id: `s${index + 1}`,
      text: summarized ? SUMMARY_TEXT : text,
      tags,
      copy: COPY_MODES[copy],
      drift: 0,
      mark: index,
      dependsOn,
      extra: null,
    });
    if (summarized) {
      // Its source was summarized away earlier: gone from the window, known to the harness, and (unless
      // lost) in the store under the key the summary's provenance holds.
      const source = world.freshId(`src${index + 1}`);
      const sourceKey = world.put(text);
      world.learn({ span_id: source, text, tags: [...tags], externalized_key: sourceKey });
      span = { ...span, kind: "summary", provenance: [{ span_id: source, externalized_key: sourceKey }], derivation_depth: 1 };
      world.replaceSpan(index, span);
      if (copy === "summary-lost") delete world.store[sourceKey];
    }
    if (form !== "pointer" && form !== "summary-pointer") return;
    const key = span.externalized_key as string;
    // Not the reference's marker: a pointer is a pointer by its kind, whatever its text (docs/spec.md §1).
    world.replaceSpan(index, { ...span, kind: "pointer", text: POINTER_TEXT });
    if (copy === "pointer-missing") delete world.store[key];
  });
  // A pointer whose key is gone, or a summary whose source's key is, was lost by the environment: no pruner
  // can be blamed for that text.
  world.markLosses();
  world.window = { ...world.window, derivation_depth: testCase.depth };
  const ids = testCase.named.map((index) => world.window.spans[index]?.span_id ?? `s${index + 1}`);
  const store = storeSnapshot(world.store);
  const window = world.window;
  const call = ((): OperationCall => {
    switch (testCase.op) {
      case "prune":
        return { op: "prune", window, evict_ids: ids, store };
      case "summarize": {
        const text = testCase.model === undefined ? { summary_text: "schema constraints verified" } : {};
        return { op: "summarize", window, span_ids: ids, summary_id: world.freshId("sum"), ...text, store };
      }
      case "reground":
        return { op: "reground", window, store };
      case "compact":
        return { op: "compact", window, store, budget: { unit: "chars", limit: Math.floor(windowSize(window, "chars") * (testCase.fraction ?? 0)) } };
    }
  })();
  return { world, label: callLabel(call), call };
}
