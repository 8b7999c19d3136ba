import type { Span, Window } from "../wire/window.ts";
import { InputError } from "../errors/input.ts";

export interface MutationRecord {
  readonly record_id: number;
  readonly reason: string;
  readonly evicted: readonly Span[];
  readonly derivation_depth: number;
}

/** Where lossy evictions are recorded before they happen: the seed's "write-ahead record". */
export class WriteAheadLog {
  readonly #records: MutationRecord[] = [];

  append(entry: Omit<MutationRecord, "record_id">): MutationRecord {
    const record = Object.freeze({ ...entry, record_id: this.#records.length, evicted: Object.freeze([...entry.evicted]) });
    this.#records.push(record);
    return record;
  }

  get records(): readonly MutationRecord[] {
    return this.#records;
  }
}

export interface MutationResult {
  /** Always true: the caller can never mistake this result for a compaction. */
  readonly mutation: true;
  readonly window: Window;
  readonly record: MutationRecord;
}

/**
 * The explicit mutation path: drops spans with no pointer left behind. It exists so that a runtime that
 * must lose content does so on the record ("reclassified as a mutation requiring a write-ahead record and
 * an explicit recovery path"); the record, holding the evicted spans, is that recovery path.
 */
export function mutate(window: Window, evictIds: readonly string[], reason: string, log: WriteAheadLog): MutationResult {
  if (reason.trim() === "")
    throw new InputError(
      "invalid_argument",
      "mutate needs a reason: the write-ahead record must say why content was lost",
      'pass a non-empty reason, e.g. "user asked to forget"',
    );
  const evict = new Set(evictIds);
  const record = log.append({
    reason,
    evicted: window.spans.filter((span) => evict.has(span.span_id)),
    derivation_depth: window.derivation_depth,
  });
  return {
    mutation: true,
    window: { spans: window.spans.filter((span) => !evict.has(span.span_id)), derivation_depth: window.derivation_depth + 1 },
    record,
  };
}
