const STORE_CONFLICT = Symbol.for("prunecheck.StoreConflictError");

/** An append-only store was asked to bind an existing key to different text. */
export class StoreConflictError extends Error {
  override readonly name = "StoreConflictError";
  readonly code = "store_rebind";
  readonly [STORE_CONFLICT] = true;

  constructor(readonly key: string) {
    super(`store key ${JSON.stringify(key)} is already bound to different text; the store is append-only [store_rebind]`);
  }
}
