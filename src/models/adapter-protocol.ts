/**
 * Seed: "convert a silent, unrecoverable divergence into a loud, recoverable refusal" — which needs an
 * implementation that answers at all, and in the agreed shape.
 *
 * Not checked per step like the others: every request of every run is in its scope. A timeout, a crash, a
 * line that is not JSON or not a valid response, or a wrong id is raised by the transport as an
 * `AdapterFault` and reported under this id, with the request that triggered it.
 */
import type { PropertyInfo } from "./property.ts";

export const adapterProtocol: PropertyInfo = {
  id: "adapter-protocol",
  level: "core",
  requires: [],
  title: "The implementation answers every request, in time, with one valid response",
  quote: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable refusal.",
};
