import type fc from "fast-check";
import { kindOf } from "../../wire/window.ts";
import { nearMiss } from "../../arbitraries/text.ts";
import { hasKey } from "../../reference/resolve.ts";
import type { Harness } from "../harness.ts";
import type { SpanSpec, World } from "../world.ts";
import type { Selector } from "./selector.ts";
import { resolveSelector, showIds, showSelector } from "./selector.ts";

/**
 * The runtime appends new spans (tool output, plans, diffs) to the window. A batch with `upTo` is skipped when
 * the window would outgrow it: a big-window run holds one real context, not the several that 24 commands
 * would otherwise append (windows of 7,000 spans and requests of 50 MB).
 */
export class AddSpans implements fc.AsyncCommand<World, Harness> {
  constructor(
    readonly specs: readonly SpanSpec[],
    readonly upTo = Number.POSITIVE_INFINITY,
  ) {}
  check = (world: Readonly<World>) => this.specs.length > 0 && world.window.spans.length + this.specs.length <= this.upTo;
  async run(world: World, harness: Harness) {
    const added = world.addSpans(this.specs);
    harness.note(`add ${added.map((span) => `${JSON.stringify(span.span_id)}${span.tags.length ? ` ${JSON.stringify(span.tags)}` : ""}`).join(", ")}`);
  }
  toString = () => `add(${this.specs.length})`;
}

/** The runtime honestly writes spans to the store and records their keys: write-ahead, as the seed asks. */
export class Externalize implements fc.AsyncCommand<World, Harness> {
  constructor(readonly selector: Selector) {}
  check = (world: Readonly<World>) => world.window.spans.length > 0;
  async run(world: World, harness: Harness) {
    harness.note(`externalize ${showIds(world.externalize(new Set(resolveSelector(this.selector, world))))}`);
  }
  toString = () => `externalize(${showSelector(this.selector)})`;
}

export type Corruption = "edit-text" | "missing-key" | "foreign-key" | "rebind-store" | "delete-store";

/**
 * The environment drifts under the pruner: a span is edited after it was externalized, a key is lost, the
 * store is rewritten. The seed's third failure ("the re-read returned the *current* schema") in all its
 * shapes. A corruption that would destroy the only copy of a span marks it lost, so no pruner is blamed.
 */
export class Corrupt implements fc.AsyncCommand<World, Harness> {
  constructor(
    readonly corruption: Corruption,
    readonly mark: number,
    readonly variant: number,
  ) {}
  check = (world: Readonly<World>) => world.window.spans.length > 0;
  async run(world: World, harness: Harness) {
    const label = this.#apply(world);
    harness.note(label ?? `corrupt ${this.corruption}: nothing to corrupt`);
  }
  toString = () => `corrupt(${this.corruption}, marked ${this.mark})`;

  #apply(world: World): string | null {
    const referenced = world.referencedKeys();
    const marked = world.window.spans.map((span, index) => ({ span, index })).filter(({ span }) => world.markOf(span.span_id) === this.mark);
    if (this.corruption === "delete-store") {
      // Losing an original's own key is missing-key's shape; what only a pointer or a summary's provenance
      // still resolves is this one's: the seed's source gone for good, which a reground must refuse to
      // restore ([p-reground-check]) and no summary standing on it may justify ([s-destructive]).
      const stranding = inStore(world, dependedOn(world, this.mark));
      const own = inStore(
        world,
        marked.map(({ span }) => span.externalized_key),
      );
      const lost = stranding.length > 0 ? stranding : own;
      const key = lost[this.variant % Math.max(lost.length, 1)];
      if (key === undefined) return null;
      delete world.store[key];
      world.markLosses();
      return `the store loses key ${JSON.stringify(key)}`;
    }
    const target = marked.find(({ span }) => kindOf(span) === "original");
    if (target === undefined) return null;
    const { span, index } = target;
    const id = JSON.stringify(span.span_id);
    switch (this.corruption) {
      case "edit-text": {
        const text = nearMiss(span.text, this.variant);
        world.replaceSpan(index, { ...span, text });
        world.learn({ ...span, text });
        return `${id} is edited to ${JSON.stringify(text)}, keeping its old key`;
      }
      case "missing-key": {
        const key = world.missingKey();
        world.replaceSpan(index, { ...span, externalized_key: key });
        return `${id} now claims key ${JSON.stringify(key)}, which the store does not hold`;
      }
      case "foreign-key": {
        const others = Object.keys(world.store).filter((key) => world.store[key] !== span.text);
        const key = others[this.variant % Math.max(others.length, 1)] ?? world.missingKey();
        world.replaceSpan(index, { ...span, externalized_key: key });
        return `${id} now claims key ${JSON.stringify(key)}, which holds another text`;
      }
      case "rebind-store": {
        const key = span.externalized_key;
        if (key === null || !Object.hasOwn(world.store, key) || referenced.has(key)) return null;
        const text = nearMiss(world.store[key] as string, this.variant);
        world.store[key] = text;
        return `the store's copy under ${JSON.stringify(key)} (key of ${id}) is replaced by ${JSON.stringify(text)}`;
      }
    }
  }
}

/**
 * The keys the window resolves through rather than holds the text of, for spans of one mark: a marked
 * pointer's own key, a marked summary's provenance, and the provenance entry of any summary whose source
 * was marked (a summary carries its sources' keys, so losing one strands the summary).
 */
function dependedOn(world: Readonly<World>, mark: number): (string | null)[] {
  return world.window.spans.flatMap((span) => [
    ...(kindOf(span) === "pointer" && world.markOf(span.span_id) === mark ? [span.externalized_key] : []),
    ...(span.provenance ?? [])
      .filter((entry) => world.markOf(span.span_id) === mark || world.markOf(entry.span_id) === mark)
      .map((entry) => entry.externalized_key),
  ]);
}

/** Each key once, in order, that the store holds. */
function inStore(world: Readonly<World>, keys: readonly (string | null)[]): string[] {
  return [...new Set(keys)].filter((key): key is string => hasKey(world.store, key));
}
