import type { Pruner } from "../../../src/transport/pruner.ts";
import { UnrecoverablePruneError } from "../../../src/errors/unrecoverable.ts";

type Operations = Pick<Pruner, "prune" | "summarize" | "summarizeWithModel" | "reground" | "compact">;

/**
 * The pruner's operations, each rethrowing its refusals as `map` makes them, whether it refuses at once or
 * (a model-driven operation) in the promise it returns: for mutants whose one fault is how they refuse,
 * not when. `map` is also told the window the operation was given.
 */
export function mapRefusals(pruner: Operations, map: (error: UnrecoverablePruneError, window: Parameters<Pruner["prune"]>[0]) => unknown): Operations {
  const guard =
    <A extends [Parameters<Pruner["prune"]>[0], ...unknown[]], R>(operation: (...args: A) => R) =>
    (...args: A): R => {
      const rethrow = (error: unknown): never => {
        throw error instanceof UnrecoverablePruneError ? map(error, args[0]) : error;
      };
      try {
        const result = operation(...args);
        return (result instanceof Promise ? result.catch(rethrow) : result) as R;
      } catch (error) {
        return rethrow(error);
      }
    };
  return {
    prune: guard(pruner.prune),
    ...(pruner.summarize ? { summarize: guard(pruner.summarize) } : {}),
    ...(pruner.summarizeWithModel ? { summarizeWithModel: guard(pruner.summarizeWithModel) } : {}),
    ...(pruner.reground ? { reground: guard(pruner.reground) } : {}),
    ...(pruner.compact ? { compact: guard(pruner.compact) } : {}),
  };
}
