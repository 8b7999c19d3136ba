import type { Io } from "../console/io.ts";
import { verdictLine } from "../console/verdict-line.ts";
import { PropertyViolation } from "../errors/property-violation.ts";
import { callLabel } from "../models/call-label.ts";
import { notApplicableReason, type Level, type Property } from "../models/property.ts";
import { addToCorpus } from "../engine/corpus.ts";
import { buildReport, reportOn, shellQuote, targetFlags, type Implementation } from "../reports/build.ts";
import type { Target } from "../reports/report.ts";
import { quoteName } from "../reports/escape/name.ts";
import { adapterProtocol } from "../models/adapter-protocol.ts";
import type { Report } from "../reports/report.ts";
import { skippedLine, summarizeRun, summaryLine, type ResultLine, type RunSummary } from "../reports/summary.ts";
import { removeEarlierReports, writeReport, writeSummary } from "../reports/write.ts";
import { Capability, IMPLEMENTATION_NAME_MAX, type OperationCall } from "../wire/protocol.ts";
import { capText } from "../errors/cap-text.ts";
import type { Driver } from "../transport/driver.ts";
import type { TraceEntry } from "../models/trace-entry.ts";
import { PROBES } from "../models/probes.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";
import type { TraceHeader } from "../wire/trace.ts";
import { auditFiles } from "./audit-files.ts";
import { AuditProgress } from "./audit-progress.ts";
import { OPEN_CONVERSATIONS, windowLength, type ReaskFault, type TraceAudit, type TraceFinding } from "./audit-trace.ts";
import { notJudgedReason, outcomeOf } from "./judge.ts";

export interface AuditOptions {
  readonly level: Level;
  /** What to judge, in the order verdicts are printed: the catalog, or `selectProperties` of it. */
  readonly properties: readonly Property[];
  readonly outDir: string;
  readonly junit?: string;
  /** Skip bad exchange lines, counted and printed, instead of stopping at the first. */
  readonly lenient?: boolean;
  /** How many conversations each file's audit follows at once (`auditTrace`). */
  readonly openConversations?: number;
  /** A regression corpus folder to add each report to whose exchange breaks its property alone. */
  readonly corpus?: string;
  /** How many files are audited at once (`auditFiles`), in threads that start at `thread`; 1 by default. */
  readonly workers?: number;
  readonly thread?: URL;
  /**
   * The implementation to ask again beside each exchange (--cmd/--impl), so the properties that judge one
   * answer against another are judged too; files are then audited one at a time, in this thread.
   */
  readonly reask?: Driver;
  /** How `reask` was named (--cmd, --impl), for the report of a protocol fault it makes. */
  readonly reaskTarget?: Target;
}

/**
 * Audits recorded traces as `run` checks a live implementation: one verdict per property, a report for the
 * first exchange that broke it (pointing at its file and line), the run summary and JUnit. Each file is read
 * in one streaming pass, `workers` files at once; what is printed and reported is in file order whatever
 * finished first. Properties that need the implementation to answer again are skipped with why, never
 * passed, unless `reask` names an implementation to ask: a trace cannot show what a pruner would have answered.
 */
export async function runAudit(files: readonly string[], options: AuditOptions, io: Io): Promise<RunSummary> {
  // The folder's reports are this audit's only, as for run (removeEarlierReports).
  await removeEarlierReports(options.outDir);
  const started = performance.now();
  const { reask } = options;
  const judged = options.properties.filter((property) => notJudgedReason(property, reask !== undefined) === null);
  if (reask !== undefined) {
    const probing = judged.filter((property) => (property.probes ?? []).length > 0).map((property) => property.id);
    io.line(
      `prunecheck audit: asking ${reask.name} again beside each exchange (facing the model's recorded answers where it used the model), for ${probing.join(", ") || "no property"}`,
    );
  }
  const progress = new AuditProgress(files);
  const hide = progress.show(io);
  let audits: TraceAudit[];
  try {
    audits = await auditFiles(files, judged, options.level, {
      workers: options.workers ?? 1,
      // A driver is one implementation in this thread: the files are audited here, one at a time.
      ...(options.thread === undefined || reask !== undefined ? {} : { thread: options.thread }),
      ...(reask === undefined
        ? {}
        : { ask: (call: OperationCall, model?: readonly ModelAnswerSpec[]) => reask.send(call, model === undefined ? {} : { model }) }),
      lenient: options.lenient === true,
      ...(options.openConversations === undefined ? {} : { openConversations: options.openConversations }),
      progress: (index, read) => progress.read(index, read),
      audited: (index, audit) => {
        progress.done(index, audit.exchanges);
        io.line(fileLine(files[index] as string, audit, options.openConversations ?? OPEN_CONVERSATIONS));
      },
    });
  } finally {
    hide();
  }
  const implementation = recordedImplementation(audits);
  const exchanges = audits.reduce((sum, audit) => sum + audit.exchanges, 0);
  const results: ResultLine[] = [];
  const reports: Report[] = [];
  // The implementation asked again broke the protocol: the first property that asked it carries the finding,
  // as a run's property carries the fault its requests met.
  const fault = audits.find((audit) => audit.fault !== undefined)?.fault;
  const asker =
    fault === undefined
      ? undefined
      : judged.find((property) => (property.probes ?? []).length > 0 && notApplicableReason(property, options.level, Capability.options) === null);
  for (const property of options.properties) {
    const { line, report } =
      fault !== undefined && reask !== undefined && property === asker
        ? await faultVerdict(property, fault, reask, options)
        : await verdict(property, audits, exchanges, options);
    results.push(line);
    if (report !== undefined) reports.push(report);
    io.line(verdictLine(line, { runs: `${line.runs} exchanges` }));
  }
  if (options.corpus !== undefined) io.line(await corpusLine(options.corpus, reports));
  const summary = summarizeRun({
    implementation: implementation.name,
    level: options.level,
    capabilities: implementation.capabilities,
    seconds: (performance.now() - started) / 1000,
    // Every property judged the same exchanges: the audit's count is theirs, not their sum over properties.
    runs: exchanges,
    requests: exchanges,
    interrupted: false,
    results,
  });
  await writeSummary(options.outDir, summary, options.junit);
  io.line(summaryLine(summary));
  return summary;
}

const plural = (count: number, noun: string) => `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;

/** What an audit read of one file: its exchanges, its conversations, and every line it skipped or truth it forgot. */
export function fileLine(file: string, audit: TraceAudit, openConversations: number): string {
  const { started, ended, forgotten } = audit.conversations;
  const lost =
    forgotten === 0
      ? ""
      : `; ${plural(forgotten, "conversation")} forgotten while open, more than --open-conversations ${openConversations} at once: their later exchanges were judged as if they started there, which can miss a fault`;
  const conversations = started === 0 ? "" : ` in ${plural(started, "conversation")} (${ended.toLocaleString("en-US")} ended${lost})`;
  const skipped = audit.skipped.count === 0 ? "" : `, skipped ${plural(audit.skipped.count, "bad line")} (first: ${audit.skipped.first})`;
  return `prunecheck: ${file}: ${plural(audit.exchanges, "exchange")}${conversations}${skipped}`;
}

/**
 * Adds the reports whose exchange breaks its property alone to the regression corpus, where a campaign
 * against an implementation of the recorded name replays them (replaysOn); the others need their
 * conversation, so they are not entries, and the line says how many.
 */
async function corpusLine(dir: string, reports: readonly Report[]): Promise<string> {
  const alone = reports.filter((report) => report.origin.kind === "trace" && report.origin.standalone === true);
  const added = await addToCorpus(dir, alone);
  const known = alone.length - added.length;
  const helped = reports.length - alone.length;
  return [
    `prunecheck audit: corpus ${dir}: added ${added.length} ${added.length === 1 ? "entry" : "entries"}`,
    ...(known === 0 ? [] : [`${known} already there`]),
    ...(helped === 0 ? [] : [`${helped} found with the help of earlier exchanges, which fail only in their conversation, not added`]),
  ].join("; ");
}

/** The verdict of the property that asked the implementation again when it broke the protocol, and its report. */
async function faultVerdict(property: Property, fault: ReaskFault, reask: Driver, options: AuditOptions): Promise<{ line: ResultLine; report: Report }> {
  const { error, origin, exchange } = fault;
  const { id: _id, ...call } = exchange.request;
  const at = `${origin.file}:${origin.line}`;
  const trace: TraceEntry[] = [
    { kind: "env", label: `${at} recorded ${callLabel(call as OperationCall)}; the audit asked ${quoteName(reask.name)} again beside it` },
  ];
  const violation = new PropertyViolation(adapterProtocol, { message: error.message, span_id: null }, trace, error.request, error.stderrTail, { cause: error });
  const built = buildReport(
    {
      property: property.id,
      level: options.level,
      violation,
      // Not standalone: what it was asked came from the conversation up to that line.
      origin,
      runsToFailure: origin.line - 1,
      shrinks: 0,
      ms: 0,
      findMs: 0,
      counterexample: `${at}: asked again beside ${callLabel(call as OperationCall)}`,
    },
    { name: reask.name, capabilities: reask.capabilities, target: options.reaskTarget ?? { kind: "recorded" } },
    { outDir: options.outDir },
  );
  const report = { ...built, replay: `prunecheck audit ${shellQuote(origin.file)} ${targetFlags(built.implementation.target).join(" ")}`.trimEnd() };
  const line: ResultLine = {
    property: property.id,
    status: "failed",
    runs: 0,
    requests: 0,
    ms: 0,
    violated: adapterProtocol.id,
    message: `${error.message} (asked again beside ${at}; not asked again after it)`,
    report: await writeReport(options.outDir, report),
  };
  return { line, report };
}

async function verdict(
  property: Property,
  audits: readonly TraceAudit[],
  exchanges: number,
  options: AuditOptions,
): Promise<{ line: ResultLine; report?: Report }> {
  const skip = (reason: string) => ({ line: skippedLine(property.id, reason) });
  // Only the level here, every capability granted: what a trace shows it holds is checked below, op by op.
  const belowLevel = notApplicableReason(property, options.level, Capability.options);
  if (belowLevel !== null) return skip(belowLevel);
  const notJudged = notJudgedReason(property, options.reask !== undefined);
  if (notJudged !== null) return skip(`not judged from a trace: ${notJudged}`);
  if (exchanges === 0) return skip("the traces hold no exchange");
  const probing = (property.probes ?? []).length > 0;
  const probed = audits.reduce((sum, audit) => sum + audit.probed, 0);
  if (probing && probed === 0) return skip("no exchange could be asked again: each used the model, and the trace did not record its answers");
  // A requirement is a capability, or any one of several; the trace shows an op by holding an exchange of it.
  const holds = (capability: Capability) => audits.some((audit) => (audit.ops[capability] ?? 0) > 0);
  const unseen = property.requires.find((requirement) => (typeof requirement === "string" ? !holds(requirement) : !requirement.some(holds)));
  if (unseen !== undefined) return skip(`no ${[unseen].flat().join(" or ")} exchange in the trace${audits.length === 1 ? "" : "s"}`);
  const found = audits.flatMap((audit) => audit.findings.filter((entry) => entry.property === property.id).map((entry) => ({ ...entry, audit })));
  // A property that needs another answer judged only the exchanges asked again.
  const judgedExchanges = probing ? probed : exchanges;
  const base = { property: property.id, runs: judgedExchanges, requests: judgedExchanges, ms: 0 };
  const first = found[0];
  if (first === undefined) return { line: { ...base, status: "passed" } };
  const count = found.reduce((sum, entry) => sum + entry.count, 0);
  const smallest = found.reduce((best, entry) => (windowLength(entry.smallest) < windowLength(best.smallest) ? entry : best), first);
  const at = (file: string, line: number) => `${file}:${line}`;
  const { origin } = smallest.smallest;
  const shown =
    origin.file === first.smallest.origin.file && origin.line === first.firstLine
      ? ""
      : `; the report shows ${at(origin.file, origin.line)}, the smallest window`;
  // The implementation its own trace recorded, so a corpus entry names what a fixed build of it still answers to.
  const recorder = smallest.audit.header.recorder;
  const report = await exchangeReport(
    property,
    smallest.smallest,
    { ...options, ...(recorder === undefined ? {} : { recorder }) },
    recordedImplementation([smallest.audit]),
  );
  const line: ResultLine = {
    ...base,
    status: "failed",
    violated: property.id,
    message: `${smallest.smallest.finding.message} (${count} of ${judgedExchanges} exchanges; first at ${at(first.smallest.origin.file, first.firstLine)}${shown})`,
    report: await writeReport(options.outDir, report),
  };
  return { line, report };
}

/** The report of one exchange that broke a property: the run's report, its story and exchange from the trace. */
export async function exchangeReport(
  property: Property,
  found: TraceFinding,
  /** `recorder`: how the trace reached the pruner (its header), which names the flag its fix is replayed with. */
  options: Pick<AuditOptions, "level" | "outDir"> & { readonly now?: Date; readonly recorder?: TraceHeader["recorder"] },
  implementation: Implementation,
): Promise<Report> {
  const { finding, origin, exchange } = found;
  const { id: _id, ...call } = exchange.request;
  const label = callLabel(call as OperationCall);
  const conversation = origin.conversation === undefined ? "" : ` of conversation ${JSON.stringify(origin.conversation)}`;
  const trace: TraceEntry[] = [
    { kind: "env", label: `${origin.file} line ${origin.line} recorded this exchange${conversation}, sent at ${exchange.sent_at}` },
    {
      kind: "request",
      label,
      exchange: { request: exchange.request, outcome: outcomeOf(exchange), ...(exchange.model === undefined ? {} : { model: exchange.model }) },
      // The model's recorded answers, word for word: the reference meets the same model for its conforming answer.
      ...(exchange.model === undefined || exchange.model.length === 0
        ? {}
        : { script: exchange.model.map(({ answer }) => ({ kind: "recorded" as const, answer })) }),
    },
    // What the implementation answered when the audit asked it again, as a run's probes are told.
    ...(found.probes ?? []).map(({ name, exchange: asked }) => ({ kind: "probe" as const, label: PROBES[name].label, exchange: asked })),
  ];
  const report = await reportOn(
    {
      property: property.id,
      level: options.level,
      violation: new PropertyViolation(property, finding, trace),
      origin,
      runsToFailure: origin.line - 1,
      shrinks: 0,
      ms: 0,
      findMs: 0,
      counterexample: `${origin.file}:${origin.line}: ${label}`,
    },
    implementation,
    { outDir: options.outDir, ...(options.now === undefined ? {} : { now: options.now }) },
  );
  // Nothing recorded names an implementation to run: a standalone exchange replays on the one the user
  // names; one found with its conversation's help cannot be re-run alone (see replayTarget), and a fix is
  // checked by auditing a recording of the fixed pruner.
  const replay =
    origin.standalone === true
      ? `${report.replay} ${options.recorder === "module" ? "--impl '<your fixed module>'" : "--cmd '<your fixed adapter>'"}`
      : `prunecheck audit <a trace recorded from the fixed pruner> --property ${property.id}`;
  return { ...report, replay };
}

/** The implementation the traces' headers name (several, joined), and every op they declare or show. */
function recordedImplementation(audits: readonly TraceAudit[]): Implementation {
  const names = [...new Set(audits.flatMap((audit) => (audit.header.implementation === undefined ? [] : [audit.header.implementation.name])))];
  const declared = new Set(audits.flatMap((audit) => [...(audit.header.implementation?.capabilities ?? []), ...Object.keys(audit.ops)]));
  return {
    // Each name is a hello's (at most 256 characters); so is what joins several.
    name: names.length === 0 ? "recorded trace" : capText(names.join(" + "), IMPLEMENTATION_NAME_MAX),
    capabilities: Capability.options.filter((capability) => capability === "prune" || declared.has(capability)),
    target: { kind: "recorded" },
  };
}
