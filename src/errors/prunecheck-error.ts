const KIND = Symbol.for("prunecheck.error");

/**
 * Every error prunecheck throws: a `name`, a stable snake_case `code` (as the wire and the reports name
 * it) and a message that says what to do next. An adapter module may bundle its own copy of prunecheck,
 * whose classes are other objects, so `instanceof` goes by a `Symbol.for` brand naming the class rather
 * than by the prototype chain: `error instanceof UnrecoverablePruneError` holds for a refusal thrown by
 * either copy.
 */
export abstract class PrunecheckError<Code extends string = string> extends Error {
  /** The class's name in the brand, and the error's `name`: stable across copies and minifiers. */
  static readonly kind: string = "PrunecheckError";
  declare readonly [KIND]: string;

  constructor(
    readonly code: Code,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    const kind = (new.target as typeof PrunecheckError).kind;
    Object.defineProperty(this, "name", { value: kind, enumerable: false, configurable: true, writable: true });
    Object.defineProperty(this, KIND, { value: kind });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== "object" || value === null) return false;
    const kind = (value as Record<symbol, unknown>)[KIND];
    return typeof kind === "string" && (this === PrunecheckError || kind === this.kind);
  }
}
