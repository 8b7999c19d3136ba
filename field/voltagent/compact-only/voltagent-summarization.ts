/** voltagent-summarization with prune answered by the reference (see adapters/compact-only.ts): only its compact is judged. */
import { compactOnly } from "../../../adapters/compact-only.ts";
import pruner from "../voltagent-summarization.ts";

export default compactOnly(pruner);
