import { z } from "zod";

export const ProvenanceEntry = z
  .strictObject({
    span_id: z.string().min(1),
    externalized_key: z.string(),
  })
  .meta({ id: "ProvenanceEntry", description: "One source span a summary compresses, and the store key of its exact text." });
export type ProvenanceEntry = z.infer<typeof ProvenanceEntry>;

export const SpanKind = z.enum(["original", "pointer", "summary"]);
export type SpanKind = z.infer<typeof SpanKind>;

/**
 * Extra fields are allowed and must survive every operation untouched, because real runtimes hang their
 * own metadata on context entries and a pruner that drops it is rewriting history.
 */
export const Span = z
  .looseObject({
    span_id: z.string().min(1),
    text: z.string(),
    tags: z.array(z.string()),
    externalized_key: z.string().nullable(),
    kind: SpanKind.optional(),
    provenance: z.array(ProvenanceEntry).min(1).optional(),
    derivation_depth: z.int().min(0).optional(),
    /** Spans this one needs to make sense: a tool result depends on its tool call. */
    depends_on: z.array(z.string()).optional(),
  })
  .superRefine((span, ctx) => {
    const kind = span.kind ?? "original";
    if (kind === "summary" && (span.provenance === undefined || span.derivation_depth === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: span.provenance === undefined ? ["provenance"] : ["derivation_depth"],
        message: "a summary span must carry provenance (its non-empty source list) and its derivation_depth",
      });
    }
    if (kind === "original" && (span.provenance !== undefined || span.derivation_depth !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: span.provenance !== undefined ? ["provenance"] : ["derivation_depth"],
        message: 'only summary spans (or pointers to them) carry provenance and derivation_depth; set kind to "summary"',
      });
    }
    if (kind === "pointer" && (span.provenance === undefined) !== (span.derivation_depth === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: span.provenance === undefined ? ["provenance"] : ["derivation_depth"],
        message: "a pointer to a summary keeps both provenance and derivation_depth; a pointer to an original keeps neither",
      });
    }
    if (kind === "pointer" && span.externalized_key === null) {
      ctx.addIssue({
        code: "custom",
        path: ["externalized_key"],
        message: "a pointer must keep the store key of the text it replaced; a pointer without a key is a paraphrase",
      });
    }
  })
  .meta({ id: "Span", description: "One span of the context window." });
export type Span = z.infer<typeof Span>;

export const Window = z
  .strictObject({
    spans: z.array(Span),
    derivation_depth: z.int().min(0),
  })
  .superRefine((window, ctx) => {
    const seen = new Map<string, number>();
    window.spans.forEach((span, index) => {
      const first = seen.get(span.span_id);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["spans", index, "span_id"],
          message: `span_id ${JSON.stringify(span.span_id)} is already used by spans[${first}]; span ids are unique within a window`,
        });
      } else {
        seen.set(span.span_id, index);
      }
    });
  })
  .meta({ id: "Window", description: "A context window: its spans in order and how many derivations produced it." });
export type Window = z.infer<typeof Window>;

/** Harness-owned side store: key -> exact text. Sent whole with every request. */
export const Store = z.record(z.string(), z.string()).meta({ id: "Store", description: "Side store: key -> exact text." });
export type Store = z.infer<typeof Store>;

export function kindOf(span: Pick<Span, "kind">): SpanKind {
  return span.kind ?? "original";
}
