import fc from "fast-check";
import { spanIdArb } from "../../src/arbitraries/span-spec.ts";
import { textArb } from "../../src/arbitraries/text.ts";
import type { Span } from "../../src/wire/window.ts";

/**
 * Windows for the message formats' round-trip tests (each format is a seam every adapter of that format
 * goes through, so it must lose nothing on its own): odd ids, adversarial texts, tool pairs from
 * `depends_on`, roles.
 */
export const spansArb: fc.Arbitrary<Span[]> = fc.uniqueArray(spanIdArb, { maxLength: 8 }).chain((ids) =>
  fc.tuple(
    ...ids.map((id, at) =>
      fc
        .record({
          text: textArb,
          links: fc.subarray(ids.slice(0, at), { maxLength: Math.min(2, at) }),
          role: fc.constantFrom(undefined, "system", "user", "assistant"),
          tool: fc.boolean(),
        })
        .map(({ text, links, role, tool }): Span => ({
          span_id: id,
          text,
          tags: tool ? ["tool_call"] : [],
          externalized_key: null,
          ...(links.length > 0 ? { depends_on: links } : {}),
          ...(role === undefined ? {} : { role }),
        })),
    ),
  ),
);
