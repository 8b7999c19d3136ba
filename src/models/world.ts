import { nearMiss } from "../arbitraries/text.ts";
import { contentKey } from "../reference/content-store.ts";
import type { Capability } from "../wire/protocol.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import type { Fact } from "./truth.ts";
import { recoverability } from "./truth.ts";

/** How the harness names store entries in one run. Pruners must treat keys as opaque. */
export type KeyScheme = "sha256" | "counter" | "odd";

export type CopyMode = "none" | "honest" | "stale" | "missing";

/** A span as generated, before the world gives it a unique id and (maybe) a store entry. */
export interface SpanSpec {
  readonly id: string;
  readonly text: string;
  readonly tags: readonly string[];
  readonly copy: CopyMode;
  /** Which near miss of the text a stale copy holds (see `nearMiss`). */
  readonly drift: number;
  /** What selectors choose spans by (see commands/selector.ts). */
  readonly mark: number;
  /**
   * Dependencies as marks: the span depends on the latest span already in the window that carries each
   * mark (tool call / result pairs, several results of one call, chains). Marks rather than positions, so
   * that shrinking away an unrelated span leaves the dependency where it was.
   */
  readonly dependsOn: readonly number[];
  readonly extra: Readonly<Record<string, unknown>> | null;
}

const ODD_KEYS = ["__proto__", "constructor", "toString", "", " k ", 'k"\\\n', "ключ", "🔑"];

/**
 * The harness side of a run: the window as the pruner last returned it, the harness-owned store, and the
 * truth about every span ever seen. Commands change it; properties only read snapshots of it.
 */
export class World {
  window: Window = { spans: [], derivation_depth: 0 };
  /** Null prototype, so that keys such as `__proto__` are plain entries. */
  store: Store = Object.create(null) as Store;
  readonly truth = new Map<string, Fact>();
  readonly #marks = new Map<string, number>();
  readonly #usedIds = new Set<string>();
  readonly #nextSuffix = new Map<string, number>();
  #keys = 0;

  constructor(
    readonly capabilities: readonly Capability[],
    readonly keyScheme: KeyScheme,
  ) {}

  /** A span id nobody has used in this run, as close to the wanted one as possible. */
  freshId(wanted: string): string {
    // Ids are never freed, so the search for a wanted id resumes where it last ended: linear in a window
    // of thousands of spans that want a handful of ids.
    let n = this.#nextSuffix.get(wanted) ?? 2;
    let id = n === 2 ? wanted : `${wanted}~${n - 1}`;
    for (; this.#usedIds.has(id); n++) id = `${wanted}~${n}`;
    this.#nextSuffix.set(wanted, n);
    this.#usedIds.add(id);
    return id;
  }

  /** Writes text to the store the way an honest runtime would, and returns its key. */
  put(text: string): string {
    const key = this.#newKey(text);
    this.store[key] = text;
    return key;
  }

  /** A key the store does not hold. */
  missingKey(): string {
    let key = `missing-${this.#keys++}`;
    while (Object.hasOwn(this.store, key)) key = `missing-${this.#keys++}`;
    return key;
  }

  addSpan(spec: SpanSpec): Span {
    return this.addSpans([spec])[0] as Span;
  }

  /** Appends spans in order; each may depend on any span before it, those added just before included. */
  addSpans(specs: readonly SpanSpec[]): Span[] {
    const spans = [...this.window.spans];
    // The latest span of each mark, kept as spans are appended: a lookup per dependency, not a scan.
    const latest = new Map(spans.map((span) => [this.markOf(span.span_id), span.span_id]));
    const added = specs.map((spec) => {
      const span_id = this.freshId(spec.id);
      const depends_on = [...new Set(spec.dependsOn.flatMap((mark) => latest.get(mark) ?? []))];
      const span: Span = {
        ...(spec.extra ?? {}),
        span_id,
        text: spec.text,
        tags: [...spec.tags],
        externalized_key: this.#keyFor(spec),
        ...(depends_on.length > 0 ? { depends_on } : {}),
      };
      spans.push(span);
      latest.set(spec.mark, span_id);
      this.#marks.set(span_id, spec.mark);
      this.learn(span);
      return span;
    });
    this.window = { ...this.window, spans };
    return added;
  }

  /**
   * Spans the harness did not generate (anything a pruner invents) carry mark 0; a summary it asked for,
   * its first source's (see learnSummary).
   */
  markOf(spanId: string): number {
    return this.#marks.get(spanId) ?? 0;
  }

  /**
   * Records the content of a span the harness has just seen (an original, or a summary it was given or a
   * compactor wrote); its id is taken from then on, so a fresh id never names it.
   */
  learn(span: Span): void {
    this.#usedIds.add(span.span_id);
    this.truth.set(span.span_id, { span_id: span.span_id, text: span.text, tags: [...span.tags], lost: false });
  }

  /**
   * Learns a summary the harness asked for, marked as its first source was: it stands where that source
   * stood, and selectors name it apart from the mark-0 originals rather than always with them (with mark 0,
   * a compaction's budget could not leave an earlier summary out without leaving out every mark-0 span).
   */
  learnSummary(summary: Span, sourceIds: readonly string[]): void {
    this.learn(summary);
    const mark = sourceIds.map((id) => this.#marks.get(id)).find((each) => each !== undefined);
    if (mark !== undefined) this.#marks.set(summary.span_id, mark);
  }

  /**
   * After the environment destroyed store entries: every fact no longer recoverable is marked lost, so the
   * pruner is not blamed for what it could not prevent.
   */
  markLosses(): void {
    const recoverable = recoverability(this.window, this.store);
    for (const fact of this.truth.values()) {
      if (!fact.lost && !recoverable(fact)) this.truth.set(fact.span_id, { ...fact, lost: true });
    }
  }

  /** Keys that pointers or provenance entries depend on: the environment never rewrites those silently. */
  referencedKeys(): Set<string> {
    const keys = new Set<string>();
    for (const span of this.window.spans) {
      if (kindOf(span) === "pointer" && span.externalized_key !== null) keys.add(span.externalized_key);
      for (const entry of span.provenance ?? []) keys.add(entry.externalized_key);
    }
    return keys;
  }

  /**
   * Honestly writes the named spans (pointers have nothing left to write) to the store and records their
   * keys, the store write first; returns the ids written.
   */
  externalize(ids: ReadonlySet<string>): string[] {
    const done: string[] = [];
    const spans = this.window.spans.map((span) => {
      if (!ids.has(span.span_id) || kindOf(span) === "pointer") return span;
      done.push(span.span_id);
      return { ...span, externalized_key: this.put(span.text) };
    });
    if (done.length > 0) this.window = { ...this.window, spans };
    return done;
  }

  replaceSpan(index: number, span: Span): void {
    const spans = [...this.window.spans];
    spans[index] = span;
    this.window = { ...this.window, spans };
  }

  #keyFor(spec: SpanSpec): string | null {
    switch (spec.copy) {
      case "none":
        return null;
      case "honest":
        return this.put(spec.text);
      case "stale":
        // What the seed's re-read found: the store holds a *different* version under the key, one that
        // careless comparison (trim, normalize, case-fold) takes for the same text.
        return this.put(nearMiss(spec.text, spec.drift));
      case "missing":
        return this.missingKey();
    }
  }

  #newKey(text: string): string {
    switch (this.keyScheme) {
      case "sha256":
        return contentKey(text);
      case "counter":
        return `k${this.#keys++}`;
      case "odd": {
        const n = this.#keys++;
        return n < ODD_KEYS.length ? (ODD_KEYS[n] as string) : `odd-${n}`;
      }
    }
  }
}
