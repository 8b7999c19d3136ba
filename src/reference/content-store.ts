import { createHash } from "node:crypto";
import { StoreConflictError } from "../errors/store.ts";
import type { Store } from "../wire/window.ts";

/**
 * Content address of a text: its key depends on nothing but the text. Well-formed text is keyed by its
 * UTF-8 bytes. A lone surrogate has no UTF-8 encoding (Node writes U+FFFD for it, so "\uD800", "\uDC00"
 * and "\uFFFD" would share a key and the second put would be refused), so such text is keyed by its
 * UTF-16 code units, under a prefix of its own.
 */
export function contentKey(text: string): string {
  // isWellFormed: false exactly when the text holds an unpaired surrogate (ten times a /\p{Surrogate}/u scan's speed on emoji).
  if (!text.isWellFormed()) return `sha256-utf16le:${createHash("sha256").update(text, "utf16le").digest("hex")}`;
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/**
 * An append-only, content-addressed side store. A key, once bound, names the same text forever, which is
 * what makes a key in the window a pointer rather than a promise.
 */
export class ContentStore {
  readonly #texts = new Map<string, string>();

  static from(store: Store): ContentStore {
    const contentStore = new ContentStore();
    for (const [key, text] of Object.entries(store)) contentStore.bind(key, text);
    return contentStore;
  }

  put(text: string): string {
    const key = contentKey(text);
    this.bind(key, text);
    return key;
  }

  /** Binds an explicit key (stores loaded from elsewhere need not be content-addressed). */
  bind(key: string, text: string): void {
    const existing = this.#texts.get(key);
    if (existing !== undefined && existing !== text) throw new StoreConflictError(key);
    this.#texts.set(key, text);
  }

  get(key: string): string | undefined {
    return this.#texts.get(key);
  }

  has(key: string): boolean {
    return this.#texts.has(key);
  }

  get size(): number {
    return this.#texts.size;
  }

  /** A plain copy, in the wire shape the pure functions and adapters take. */
  snapshot(): Store {
    return Object.fromEntries(this.#texts);
  }
}
