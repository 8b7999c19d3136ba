import type { Capability } from "../wire/protocol.ts";
import type { HangShrink } from "../models/hang-shrink.ts";
import type { PropertyResult } from "../models/run.ts";
import type { Origin } from "../models/origin.ts";
import { REPORT_FORMAT, type Report, type Target } from "./report.ts";
import { lastRequest, tellStory } from "./story.ts";
import { conformingAnswer, conformingModelAnswer, type Conforming } from "./conforming-answer.ts";
import { boundReport } from "./bound.ts";
import { excerptReport, type Judged } from "./excerpt.ts";
import type { Exchange } from "../transport/driver.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import type { Outcome } from "../wire/protocol.ts";

export interface Implementation {
  readonly name: string;
  readonly capabilities: readonly Capability[];
  readonly target: Target;
}

/** What a report is built from: a failed random run, or a failing case or trace line given the same fields. */
export type Failure = Pick<Extract<PropertyResult, { status: "failed" }>, "property" | "level" | "violation" | "shrinks" | "runsToFailure" | "ms" | "findMs" | "hang" | "counterexample"> & {
  readonly origin: Origin;
};

/** Turns a failure into report data; pure, so every rendering and test starts from the same object. */
export interface ReportOptions {
  readonly outDir: string;
  readonly now?: Date;
  /** The conforming answer to tell, where the caller computed it (modelConforming); else the reference's, where it applies. */
  readonly conforming?: Conforming | null;
}

export function buildReport(result: Failure, implementation: Implementation, options: ReportOptions): Report {
  const cut = result.violation.trace.reduce((sum, entry) => sum + (entry.kind === "env" ? 0 : (entry.cut ?? 0)), 0);
  return boundReport(excerptReport(reportOf(result, implementation, options), judgedRequests(result.violation)), cut);
}

/**
 * `report` telling one more property its counterexample breaks: `result` failed on the same request of the
 * very run the report holds; its finding joins `also`, and the story says it.
 */
export function alsoBreaks(report: Report, result: Failure): Report {
  const { property: info, finding } = result.violation;
  const also = { property: propertyOf(info), checked_property: result.property, finding: { message: finding.message, span_id: finding.span_id ?? null } };
  return { ...report, also: [...(report.also ?? []), also], story: [...report.story, `The same request breaks ${info.id} too: ${finding.message}.`] };
}

/** What each request of the report was judged on, beside its requests: the run's exchanges, then the one left unanswered. */
function judgedRequests(violation: Failure["violation"]): Judged[] {
  const findingSpanId = violation.finding.span_id ?? null;
  const answered = violation.trace.flatMap((entry): Judged[] =>
    entry.kind === "request" ? [{ request: entry.exchange.request, outcome: entry.exchange.outcome, model: entry.exchange.model, findingSpanId }] : [],
  );
  return violation.pending === null ? answered : [...answered, { request: violation.pending, findingSpanId }];
}

/**
 * The conforming answer a report on `result` tells where its failing request went to a model-driven pruner
 * (the model's script recorded with it): the model-driven reference's, facing the same model, which is
 * awaited, so the caller computes it and hands it to buildReport. Undefined where buildReport's own applies;
 * null where a text the run's trace cut would make the reference answer another request.
 */
export async function modelConforming(result: Failure): Promise<Conforming | null | undefined> {
  const failing = result.violation.pending === null ? lastRequest(result.violation.trace) : undefined;
  if (failing?.script === undefined) return undefined;
  return (failing.cut ?? 0) > 0 ? null : conformingModelAnswer(failing.exchange.request, failing.script);
}

/**
 * buildReport, telling the conforming answer where a model-driven pruner's failing request met a model
 * (modelConforming): what every caller that writes a report uses, so no report of a model-driven pruner
 * goes without the expected answer the reference can give.
 */
export async function reportOn(result: Failure, implementation: Implementation, options: Omit<ReportOptions, "conforming">): Promise<Report> {
  const conforming = await modelConforming(result);
  return buildReport(result, implementation, { ...options, ...(conforming === undefined ? {} : { conforming }) });
}

function reportOf(result: Failure, implementation: Implementation, options: ReportOptions): Report {
  const { violation } = result;
  const info = violation.property;
  const failing = lastRequest(violation.trace);
  const requests = violation.trace.flatMap((entry) => (entry.kind === "request" ? [entry.exchange.request] : []));
  // A transport fault comes with the request that got no answer; otherwise the last answered one failed.
  const { pending } = violation;
  const answerLine = pending !== null && violation.cause instanceof AdapterFault ? violation.cause.line : null;
  return {
    format: REPORT_FORMAT,
    property: propertyOf(info),
    checked_property: result.property,
    level: result.level,
    implementation: { name: implementation.name, capabilities: [...implementation.capabilities], target: implementation.target },
    origin: result.origin,
    runs_to_failure: result.runsToFailure,
    shrinks: result.shrinks,
    find_ms: result.findMs,
    shrink_ms: Math.max(0, result.ms - result.findMs),
    ...(result.hang === undefined ? {} : { hang_shrink: hangShrink(result.hang) }),
    finding: { message: violation.finding.message, span_id: violation.finding.span_id ?? null },
    story: tellStory(
      violation.trace,
      violation.finding,
      implementation.name,
      pending,
      pending === null && failing !== undefined ? (options.conforming !== undefined ? options.conforming : conformingFor(failing.exchange)) : null,
      answerLine,
      info,
    ),
    requests: pending === null ? requests : [...requests, pending],
    response: pending === null ? (failing?.exchange.outcome ?? null) : null,
    ...(answerLine === null ? {} : { answer_line: answerLine }),
    before: pending === null ? (failing?.exchange.request.window ?? null) : "window" in pending ? pending.window : null,
    after: pending === null && failing?.exchange.outcome.ok ? failing.exchange.outcome.window : null,
    stderr: violation.stderrTail,
    // The target is spelled out because replay never runs what a report file names on its own.
    replay: ["npx prunecheck replay", shellQuote(`${options.outDir}/${reportFileStem({ property: info, checked_property: result.property, implementation, origin: result.origin })}.json`), ...targetFlags(implementation.target)].join(" "),
    counterexample: result.counterexample,
    created: (options.now ?? new Date()).toISOString(),
  };
}

/** The reference's answer to the failing request, where it depends on that request alone (no model). */
function conformingFor(exchange: Exchange): Conforming | null {
  const { request } = exchange;
  // A model-driven pruner's exchange records its calls, none when it made none: then its answer rests on the request alone.
  const usedModel = (exchange.model ?? []).length > 0 || (request.op === "summarize" && request.summary_text === undefined);
  return conformingAnswer(request, usedModel);
}

function hangShrink(hang: HangShrink): NonNullable<Report["hang_shrink"]> {
  return { timeout_ms: hang.timeoutMs, slowest_answer_ms: hang.slowestAnswerMs, full_timeout_ms: hang.fullTimeoutMs, smallest_confirmed: hang.smallestConfirmed };
}

export function reportFileStem(report: { property: { id: string }; checked_property?: string; implementation: { name: string }; origin: Origin }): string {
  // A transport fault can fail every property, each with its own shrunk case: one file per checked property.
  const checked = report.checked_property === undefined || report.checked_property === report.property.id ? "" : `${report.checked_property}-`;
  return `${report.property.id}-${checked}${slug(report.implementation.name)}-${originStem(report.origin)}`;
}

function originStem(origin: Origin): string {
  switch (origin.kind) {
    // The CLI's seeds are never negative, but the API takes any 32-bit seed: "-5" would make a double dash.
    case "random":
      return origin.seed < 0 ? `minus${-origin.seed}` : String(origin.seed);
    case "exhaustive":
      return `case${origin.index}`;
    case "trace":
      return `line${origin.line}`;
  }
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60) || "impl";
}

export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The flags that name a target again on a command line (none for the embedded reference). */
export function targetFlags(target: Target): string[] {
  switch (target.kind) {
    case "reference":
      return [];
    case "impl":
      return ["--impl", shellQuote(target.path)];
    case "cmd":
      return ["--cmd", shellQuote(target.command)];
    case "recorded":
      return [];
  }
}

/** A property as a report names it: its id, level, title and the seed sentence it enforces. */
function propertyOf(info: Failure["violation"]["property"]): Report["property"] {
  return { id: info.id, level: info.level, title: info.title, quote: info.quote };
}
