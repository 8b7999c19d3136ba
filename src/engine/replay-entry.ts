import type { Driver } from "../transport/driver.ts";
import type { Level, Property } from "../models/property.ts";
import { checkProperty } from "../models/run.ts";
import { reportOn, type Implementation } from "../reports/build.ts";
import type { Report } from "../reports/report.ts";
import type { CorpusEntry } from "./corpus.ts";
import type { ExhaustiveOrigin, RandomOrigin, TraceOrigin } from "../models/origin.ts";
import { askProbes, ConversationTruth, judgeExchange } from "../audit/judge.ts";
import { usesModel } from "../transport/in-process.ts";
import { exchangeReport } from "../audit/run-audit.ts";
import type { OperationCall } from "../wire/protocol.ts";
import { caseReport, judgeCase } from "./judge-case.ts";

export type EntryOutcome =
  | { readonly verdict: "still-fails"; readonly report: Report; readonly requests: number }
  | { readonly verdict: "passes"; readonly requests: number }
  | { readonly verdict: "skipped"; readonly reason: string }
  | { readonly verdict: "error"; readonly message: string };

export interface ReplayContext {
  /** The properties this campaign checks: an entry for any other is skipped. */
  readonly properties: readonly Property[];
  readonly level: Level;
  readonly implementation: Implementation;
  readonly outDir: string;
}

/**
 * Re-runs one corpus entry exactly, as `prunecheck replay` does, by its origin: a random run by its seed,
 * path and replayPath (at most one run), an exhaustive case by its one request; at the campaign's level,
 * so a strict entry is skipped by a core campaign. A failure comes back as a fresh report.
 */
export async function replayEntry(driver: Driver, entry: CorpusEntry, context: ReplayContext): Promise<EntryOutcome> {
  const { report } = entry;
  const property = context.properties.find((candidate) => candidate.id === report.checked_property);
  if (property === undefined) return { verdict: "skipped", reason: `${report.checked_property} is not checked in this campaign` };
  if (report.level === "strict" && context.level === "core") return { verdict: "skipped", reason: "found at strict, this campaign is core" };
  const { origin } = report;
  switch (origin.kind) {
    case "random":
      return replayRun(driver, property, origin, report.runs_to_failure, context);
    case "exhaustive":
      return replayCase(driver, property, origin, context);
    case "trace":
      if (origin.standalone === true) return replayExchange(driver, property, origin, report, context);
      return {
        verdict: "skipped",
        reason: `it was found in a recorded conversation (${origin.file}:${origin.line}) with what its earlier exchanges showed; audit a recording of the fixed pruner`,
      };
  }
}

/** A recorded exchange that broke the property on its own, re-sent as it was and judged as the audit judged it. */
async function replayExchange(driver: Driver, property: Property, origin: TraceOrigin, report: Report, context: ReplayContext): Promise<EntryOutcome> {
  const [recorded] = report.requests;
  if (recorded === undefined) return { verdict: "skipped", reason: "the report holds no request to re-send" };
  const { id: _id, ...call } = recorded;
  const sent_at = new Date().toISOString();
  const { request, outcome, model } = await driver.send(call as OperationCall);
  const response = outcome.ok ? { id: request.id, ok: true as const, window: outcome.window } : { id: request.id, ok: false as const, error: outcome.error };
  const exchange = { request, response, sent_at, answered_at: new Date().toISOString() };
  // A property that judges one answer against another was found with the implementation asked again
  // beside the exchange (audit --cmd/--impl): the fixed one is asked again too.
  const probing = (property.probes ?? []).length > 0;
  if (probing && usesModel(request, driver.capabilities))
    return { verdict: "skipped", reason: `${driver.name} answers this request with the model, and ${property.id} is not judged where a model answers` };
  const probes = probing ? await askProbes(call as OperationCall, new ConversationTruth(), [property], (probe) => driver.send(probe)) : undefined;
  // The model this replay's exchange met is known: what the harness's model answered.
  const [found] = judgeExchange(exchange, new ConversationTruth(), [property], context.level, {
    model: model ?? [],
    ...(probes === undefined ? {} : { probes }),
  });
  const requests = 1 + (probes?.length ?? 0);
  if (found === undefined) return { verdict: "passes", requests };
  const fresh = await exchangeReport(
    property,
    { finding: found.finding, origin, exchange, ...(probes === undefined ? {} : { probes }) },
    context,
    context.implementation,
  );
  return { verdict: "still-fails", report: fresh, requests };
}

async function replayCase(driver: Driver, property: Property, origin: ExhaustiveOrigin, context: ReplayContext): Promise<EntryOutcome> {
  const { requests, violations } = await judgeCase(driver, origin.case, [property], context.level);
  const violation = violations.get(property.id);
  if (violation === undefined) return { verdict: "passes", requests };
  const fresh = await caseReport({
    property: property.id,
    violation,
    testCase: origin.case,
    index: origin.index,
    level: context.level,
    implementation: context.implementation,
    requests,
    outDir: context.outDir,
  });
  return { verdict: "still-fails", report: fresh, requests };
}

async function replayRun(driver: Driver, property: Property, origin: RandomOrigin, runsToFailure: number, context: ReplayContext): Promise<EntryOutcome> {
  const lost: EntryOutcome = {
    verdict: "skipped",
    reason: `its path ${origin.path} leads to no run of seed ${origin.seed} (was the report edited, or written by another prunecheck version?)`,
  };
  let result: Awaited<ReturnType<typeof checkProperty>>;
  try {
    result = await checkProperty(driver, property, {
      level: context.level,
      numRuns: 1,
      seed: origin.seed,
      ...(origin.bigWindows === true ? { bigWindows: true } : {}),
      replay: { path: origin.path, replayPath: origin.replayPath, runsToFailure },
    });
  } catch (error) {
    // fast-check walks the path before the first run and throws where a step has nothing to shrink...
    if (!(error instanceof Error && error.message.startsWith("Unable to replay"))) throw error;
    return lost;
  }
  // ...but a last step past the end of its shrinks runs nothing at all, which is no pass.
  if (result.runs === 0) return lost;
  switch (result.status) {
    case "failed":
      return { verdict: "still-fails", report: await reportOn(result, context.implementation, { outDir: context.outDir }), requests: result.requests };
    case "error":
      return { verdict: "error", message: result.error instanceof Error ? result.error.message : String(result.error) };
    default:
      return { verdict: "passes", requests: result.requests };
  }
}
