import { PrunecheckError } from "./prunecheck-error.ts";

/** An append-only store was asked to bind an existing key to different text. */
export class StoreConflictError extends PrunecheckError<"store_rebind"> {
  static override readonly kind = "StoreConflictError";

  constructor(readonly key: string) {
    super("store_rebind", `store key ${JSON.stringify(key)} is already bound to different text; the store is append-only [store_rebind]`);
  }
}
