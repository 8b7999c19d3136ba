import { z } from "zod";
import { Budget, RequestId } from "./protocol.ts";

/**
 * A call a model-driven pruner makes to its model while it handles one request (issue 32): the harness
 * plays the model, so what it answers is generated, adversarially, and shrinks with the scenario. The
 * spans are named by id, since the harness holds the request's window; `prompt` is the pruner's own
 * wording, recorded for the report but never interpreted.
 */
export const ModelCall = z
  .discriminatedUnion("kind", [
    /** Write a summary of these spans (the sources, in window order). */
    z.strictObject({ kind: z.literal("summarize"), span_ids: z.array(z.string()).min(1), prompt: z.string().optional() }),
    /** Choose which of these spans can go (the model's "is this redundant?"), optionally to meet a budget. */
    z.strictObject({ kind: z.literal("choose"), span_ids: z.array(z.string()), budget: Budget.optional(), prompt: z.string().optional() }),
  ])
  .meta({ id: "ModelCall" });
export type ModelCall = z.infer<typeof ModelCall>;

/**
 * The model's answer. A summary may claim the spans it covers (`provenance`), which a pruner must check
 * rather than trust; a failure is data too: the model's error, or its timeout as the client library
 * reports it (the harness never makes a pruner wait out a real clock).
 */
export const ModelAnswer = z
  .union([
    z.strictObject({ ok: z.literal(true), text: z.string(), provenance: z.array(z.string()).optional() }),
    z.strictObject({ ok: z.literal(true), evict_ids: z.array(z.string()) }),
    z.strictObject({ ok: z.literal(false), error: z.strictObject({ code: z.enum(["error", "timeout"]), message: z.string() }) }),
  ])
  .meta({ id: "ModelAnswer" });
export type ModelAnswer = z.infer<typeof ModelAnswer>;

/**
 * Protocol 1.1: a model call an adapter that declared `model` writes on stdout while it handles request
 * `id`, before its answer; the harness answers it on the adapter's stdin with a ModelAnswerLine.
 */
export const ModelCallLine = z
  .strictObject({ id: RequestId, model: ModelCall })
  .meta({ id: "ModelCallLine", description: "One line on the adapter's stdout: a call to the harness's model while request `id` is pending." });
export type ModelCallLine = z.infer<typeof ModelCallLine>;

export const ModelAnswerLine = z
  .strictObject({ id: RequestId, model_answer: ModelAnswer })
  .meta({ id: "ModelAnswerLine", description: "One line on the adapter's stdin: the harness's answer to the adapter's last model call." });
export type ModelAnswerLine = z.infer<typeof ModelAnswerLine>;
