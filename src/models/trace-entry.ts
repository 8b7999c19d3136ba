import type { ModelAnswerSpec } from "../llm/answer.ts";
import type { Exchange } from "../transport/driver.ts";

/**
 * One thing that happened in a run, in order: the harness changing the world, a request answered, or a
 * probe a property asked for beside the request before it (see probes.ts), answered. `cut`: how many span
 * texts of the exchange were cut for keeping (boundExchange in src/reports/bound.ts), when any was.
 */
export type TraceEntry =
  | { readonly kind: "env"; readonly label: string }
  | {
      readonly kind: "request";
      readonly label: string;
      readonly exchange: Exchange;
      readonly cut?: number;
      /** What the harness's model answered this request's calls with, when the request went to a model-driven pruner. */
      readonly script?: readonly ModelAnswerSpec[];
    }
  | { readonly kind: "probe"; readonly label: string; readonly exchange: Exchange; readonly cut?: number };
