/**
 * The fault pattern of Mastra's `TokenLimiterProcessor` in its default `trimMode: 'best-fit'`, as the
 * reports describe it (mastra-ai/mastra 16047 and 24110; `@mastra/core` 1.x needs Node 22.13, so the
 * library itself cannot run here): system messages are counted first and always kept, then the other
 * messages are walked newest first, each kept if it still fits the remaining budget and removed if not,
 * with no notion of which messages the current run just produced and no check that anything is left.
 * A message is a span together with the tool results that answer it (Mastra keeps a call and its result
 * in one response message), so a result too big to fit takes its call with it.
 *
 * Not Mastra's code: a fixture that shows the suite catches this pattern;
 * test/reported/mastra-token-limiter.test.ts says what the reports saw. `tokenLimiter(measure, name)` is
 * the same limiter measuring spans another way, for a counter that skips part of a message.
 */
import { definePruner, prune, spanSize } from "prunecheck";
import type { Budget, Pruner, Span } from "prunecheck";

export type Measure = (span: Span, unit: Budget["unit"]) => number;

export default tokenLimiter(spanSize, "pattern:token-limiter-best-fit");

export function tokenLimiter(measure: Measure, name: string): Pruner {
  return definePruner({
    name,
    capabilities: ["compact"],
    prune,
    compact(window, _store, budget) {
      const groups = messagesOf(window.spans);
      const size = (group: readonly Span[]) => group.reduce((sum, span) => sum + measure(span, budget.unit), 0);
      const system = groups.filter((group) => roleOf(group[0]!) === "system");
      let remaining = budget.limit - system.reduce((sum, group) => sum + size(group), 0);
      const keep = new Set(system);
      for (const group of [...groups].reverse()) {
        if (keep.has(group) || size(group) > remaining) continue;
        keep.add(group);
        remaining -= size(group);
      }
      return { spans: groups.filter((group) => keep.has(group)).flat(), derivation_depth: window.derivation_depth + 1 };
    },
  });
}

/** Each span with the later spans that depend on it directly (its tool results), in window order. */
function messagesOf(spans: readonly Span[]): Span[][] {
  const owner = new Map<string, Span[]>();
  const groups: Span[][] = [];
  for (const span of spans) {
    const call = span.depends_on?.map((id) => owner.get(id)).find((group) => group !== undefined);
    if (call) call.push(span);
    else groups.push([span]);
    owner.set(span.span_id, call ?? groups[groups.length - 1]!);
  }
  return groups;
}

function roleOf(span: Span): unknown {
  return (span as { role?: unknown }).role;
}
