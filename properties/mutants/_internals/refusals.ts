import type { Pruner } from "../../../src/transport/pruner.ts";
import { UnrecoverablePruneError } from "../../../src/errors/unrecoverable.ts";

type Operations = Pick<Pruner, "prune" | "summarize" | "reground" | "compact">;

/**
 * The pruner's operations, each rethrowing its refusals as `map` makes them: for mutants whose one fault
 * is how they refuse, not when.
 */
export function mapRefusals(pruner: Operations, map: (error: UnrecoverablePruneError) => unknown): Operations {
  const guard =
    <A extends unknown[], R>(operation: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return operation(...args);
      } catch (error) {
        throw error instanceof UnrecoverablePruneError ? map(error) : error;
      }
    };
  return {
    prune: guard(pruner.prune),
    ...(pruner.summarize ? { summarize: guard(pruner.summarize) } : {}),
    ...(pruner.reground ? { reground: guard(pruner.reground) } : {}),
    ...(pruner.compact ? { compact: guard(pruner.compact) } : {}),
  };
}
