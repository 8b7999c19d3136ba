import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { readJsonAs, type Expected } from "../files/read-json.ts";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Report, withRequestsAsWritten, type Target } from "../reports/report.ts";
import type { Span, Store } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { isPreconditionBearing, PRECONDITION_TAGS } from "../wire/tags.ts";
import type { CopyState, TagClass } from "../models/exhaustive-case.ts";
import { makeDir, writeFileAtomic } from "../files/write-atomic.ts";
import { wholeSpanCount } from "../reports/excerpt.ts";

/**
 * The regression corpus: one report JSON per counterexample ever found, replayed first by every later
 * campaign against the same target. Entries are deduplicated by target, property and shrunk shape.
 */
export interface CorpusEntry {
  /** The file name inside the corpus folder. */
  readonly file: string;
  readonly report: Report;
}

export interface LoadedCorpus {
  readonly entries: readonly CorpusEntry[];
  /** Files that are not reports, with why: reported, never fatal, so a stray file does not stop a campaign. */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
}

const CORPUS_HINT = "Corpus entries are report files of this version of prunecheck; remove anything else from the folder.";
const CORPUS_ENTRY: Expected<Report> = {
  schema: Report,
  what: "corpus entry",
  code: "invalid_report",
  readHint: CORPUS_HINT,
  invalidHint: CORPUS_HINT,
  finish: withRequestsAsWritten,
};

/** Every report in the folder, in file-name order (so shards and workers split it the same way); none if there is no folder. */
export async function loadCorpus(dir: string): Promise<LoadedCorpus> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const entries: CorpusEntry[] = [];
  const skipped: { file: string; reason: string }[] = [];
  for (const file of names.filter((name) => name.endsWith(".json")).sort()) {
    try {
      entries.push({ file, report: await readJsonAs(join(dir, file), CORPUS_ENTRY) });
    } catch (error) {
      skipped.push({ file, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { entries, skipped };
}

/** Paths are compared resolved, so `./x.ts` and `x.ts` are the same module. */
export function sameTarget(a: Target, b: Target): boolean {
  if (a.kind === "impl" && b.kind === "impl") return resolve(a.path) === resolve(b.path);
  return isDeepStrictEqual(a, b);
}

/**
 * What makes two counterexamples the same regression: the operations of the shrunk run with the size of
 * each window (`prune/2 summarize/1`), and the kind of the span the finding names in the failing request
 * (`precondition/stale-key`: tag class / copy state, as in the exhaustive phase; `-` when none is named).
 * Texts, ids and keys are left out: the same fault found with other texts is the same entry.
 */
export function shapeOf(report: Report): string {
  const ops = report.requests.map((request, index) => ("window" in request ? `${request.op}/${wholeSpanCount(report, index)}` : request.op));
  const last = report.requests.at(-1);
  const store = last !== undefined && "store" in last ? last.store : {};
  const span = report.before?.spans.find((candidate) => candidate.span_id === report.finding.span_id);
  return `${ops.join(" ")} | ${span === undefined ? "-" : `${tagClassOf(span)}/${copyStateOf(span, store)}`}`;
}

/**
 * Whether a campaign against `target`, whose implementation says its name is `name`, replays the entry: one
 * found on the same target, or one found in a trace recorded from an implementation of that name (a trace
 * names what it recorded by its hello name, the one thing a fixed build of it still shares).
 */
export function replaysOn(entry: CorpusEntry, target: Target, name: string): boolean {
  const found = entry.report.implementation;
  return found.target.kind === "recorded" ? found.name === name : sameTarget(found.target, target);
}

export function corpusKey(report: Report): string {
  const { target, name } = report.implementation;
  // Every recorded report has the same target: the implementation it was recorded from is its name.
  const identity = JSON.stringify([target.kind === "recorded" ? { recorded: name } : target, report.checked_property, report.property.id, shapeOf(report)]);
  return createHash("sha256").update(identity).digest("hex").slice(0, 12);
}

export function corpusFileName(report: Report): string {
  return `${report.property.id}-${corpusKey(report)}.json`;
}

/** Writes the reports whose key no entry has yet; returns the file names written. */
export async function addToCorpus(dir: string, reports: readonly Report[]): Promise<string[]> {
  const { entries } = await loadCorpus(dir);
  const known = new Set(entries.map((entry) => corpusKey(entry.report)));
  const added: string[] = [];
  for (const report of reports) {
    const key = corpusKey(report);
    if (known.has(key)) continue;
    known.add(key);
    makeDir(dir);
    const file = corpusFileName(report);
    // Atomic: a half-written entry would be skipped as "not a report" by every later campaign.
    await writeFileAtomic(join(dir, file), `${JSON.stringify(report, null, 2)}\n`);
    added.push(file);
  }
  return added;
}

const FOLDED_TAGS = new Set(PRECONDITION_TAGS.map(fold));

function fold(tag: string): string {
  return tag.trim().toLowerCase().replace(/-/g, "_");
}

function tagClassOf(span: Span): TagClass {
  if (isPreconditionBearing(span)) return "precondition";
  if (span.tags.some((tag) => FOLDED_TAGS.has(fold(tag)))) return "lookalike";
  return span.tags.length > 0 ? "ordinary" : "untagged";
}

function copyStateOf(span: Span, store: Store): CopyState | "summary" {
  const key = span.externalized_key;
  const held = key !== null && Object.hasOwn(store, key);
  switch (kindOf(span)) {
    case "pointer":
      return held ? "pointer" : "pointer-missing";
    case "summary":
      return "summary";
    case "original":
      return key === null ? "no-key" : !held ? "missing-key" : store[key] === span.text ? "exact" : "stale-key";
  }
}
