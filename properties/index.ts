import type { Property, PropertyInfo } from "../src/models/property.ts";
import { adapterProtocol } from "../src/models/adapter-protocol.ts";
import { budgetReachable } from "./budget-reachable.ts";
import { budgetRespected } from "./budget-respected.ts";
import { choiceGated } from "./choice-gated.ts";
import { compactionConverges } from "./compaction-converges.ts";
import { dependenciesIntact } from "./dependencies-intact.ts";
import { deterministic } from "./deterministic.ts";
import { depthBound } from "./depth-bound.ts";
import { externalizeEverything } from "./externalize-everything.ts";
import { inputsImmutable } from "./inputs-immutable.ts";
import { keptUntouched } from "./kept-untouched.ts";
import { loudRefusal } from "./loud-refusal.ts";
import { modelFailureSafe } from "./model-failure-safe.ts";
import { modelSawSources } from "./model-saw-sources.ts";
import { pointerNotParaphrase } from "./pointer-not-paraphrase.ts";
import { preconditionRecoverable } from "./precondition-recoverable.ts";
import { provenanceResolvesProperty } from "./provenance-resolves.ts";
import { reevictIdempotent } from "./reevict-idempotent.ts";
import { regroundRestores } from "./reground-restores.ts";
import { safePruneSucceeds } from "./safe-prune-succeeds.ts";
import { staleKeyRefused } from "./stale-key-refused.ts";
import { summaryInPlace } from "./summary-in-place.ts";
import { summaryKeepsTags } from "./summary-keeps-tags.ts";
import { summariesKept } from "./summaries-kept.ts";

/** The catalog, in the order reports list it: safety first, then liveness, then hygiene. */
export const PROPERTIES: readonly Property[] = Object.freeze([
  preconditionRecoverable,
  pointerNotParaphrase,
  choiceGated,
  staleKeyRefused,
  depthBound,
  provenanceResolvesProperty,
  summaryKeepsTags,
  summariesKept,
  regroundRestores,
  dependenciesIntact,
  budgetRespected,
  compactionConverges,
  loudRefusal,
  modelFailureSafe,
  modelSawSources,
  safePruneSucceeds,
  budgetReachable,
  keptUntouched,
  inputsImmutable,
  deterministic,
  externalizeEverything,
  reevictIdempotent,
  summaryInPlace,
]);

export { adapterProtocol };

/** Every id a report may carry, the transport's own included. */
export const CATALOG: readonly PropertyInfo[] = Object.freeze([...PROPERTIES, adapterProtocol]);

export function propertyById(id: string): PropertyInfo | undefined {
  return CATALOG.find((property) => property.id === id);
}
