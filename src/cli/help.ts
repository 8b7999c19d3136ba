import { DEFAULT_TIMEOUT_MS } from "../transport/stdio.ts";

/** Usage texts; `renderUsage` returns them, main prints. */
export const USAGE = {
  main: `prunecheck — is your context pruner a compaction or a mutation?

Usage:
  prunecheck run     [--cmd "<shell command>" | --impl <module>] [options]   check an implementation
  prunecheck replay  <report.json> [--cmd … | --impl … | --trust-target]    re-run one counterexample
  prunecheck fuzz    [--cmd … | --impl …] [--time 30s] [--shard i/n]         a time-budgeted campaign
  prunecheck record  --cmd "<adapter>" | --impl <module> --trace FILE      an adapter or a module, recorded
  prunecheck audit   <trace.jsonl…> [--level …] [--lenient]                  judge recorded exchanges offline
  prunecheck merge   <summary.json…> [--out DIR]                             combine shard summaries
  prunecheck matrix  --config prunecheck.matrix.json [--out DIR] [--check FILE]  the conformance matrix
  prunecheck schema  [--write DIR | --check DIR]                             the wire JSON Schemas

With no --cmd/--impl, run checks the embedded reference pruner.
Exit codes: 0 conforms / fixed, 1 violation found / still fails, 2 usage error or bad output path, or
not every property judged (NOT fully checked, or checked for NOTHING: every property skipped), or
the adapter failed its handshake or prunecheck failed (then summary.json has an "error" saying which),
130 interrupted by Ctrl-C (143 by SIGTERM, 129 by SIGHUP): the adapter is stopped and summary.json has what finished.
Run \`prunecheck <command> --help\` for its flags; \`prunecheck --version\` prints the version.`,
  run: `prunecheck run [--cmd "<shell command>" | --impl <module>] [options]

  --cmd "<command>"   an adapter speaking stdio protocol 1.1 (docs/protocol.md), started with sh -c
  --impl <path>       a TS/JS module exporting a pruner (README: "Check your own pruner")
  --capabilities LIST without --cmd/--impl: the embedded reference declaring only LIST, e.g.
                      prune,compact,model (the model-driven reference when model is in it)
  --level core|strict conformance level (default core)
  --runs N            generated scenarios per property, 1 to 1000000 (default 200)
  --seed N|commit|random
                      fast-check seed, 0 to 2147483647; commit: derived from the commit checked
                      (GITHUB_SHA, CI_COMMIT_SHA or git HEAD), so a rerun repeats it; random: a fresh one.
                      Default: commit in CI (CI set), else random; always printed and recorded
  --max-commands N    longest operation sequence per scenario, 1 to 1000 (default 24)
  --property ID       check only this property (repeatable)
  --timeout-ms N      per-request timeout for --cmd adapters and --impl modules, 1 to 2147483647 (default ${DEFAULT_TIMEOUT_MS})
  --out DIR           where reports and summary.json go (default reports)
  --junit FILE        also write JUnit XML, one test case per property
  -h, --help          this text

Numbers are plain decimal digits; one out of its range is a usage error (exit 2), never clamped.`,
  replay: `prunecheck replay <report.json> [--cmd "<shell command>" | --impl <module> | --trust-target] [--timeout-ms N]

Re-runs the shrunk counterexample recorded in a report (its property, level, seed, path and replayPath)
against the implementation given with --cmd or --impl. A report found on the embedded reference replays
on it. Replay never runs a command or loads a module named inside the report file unless you add
--trust-target, which prints what it runs first (the report's own replay line spells the target out).
Exit 1 if it still fails, 0 if it passes, 2 if the report names an implementation you did not give.`,
  matrix: `prunecheck matrix --config <file> [--out DIR] [--check matrix.json] [--timeout-ms N] [--shard i/n]

Runs the suite (as \`prunecheck run\`) against every implementation the config lists and writes
DIR/matrix.md, matrix.html and matrix.json (property x implementation, each failure linking to its
counterexample report in DIR/<name>/), with the date and the installed package versions. DIR defaults to
reports/matrix. Config: {"level"?, "runs"?, "seed"?, "timeoutMs"?, "implementations": [{"name",
"impl"? | "cmd"?, "level"?, "runs"?, "seed"?, "packages"?: ["<npm package>"]}]}; neither impl nor cmd
means the embedded reference. runs, seed and timeoutMs take the ranges of the run flags.

  --check FILE   compare the verdicts (not timings) with a matrix.json written before: exit 1 if any differ
  --shard i/n    run the implementations at places i, i+n, … of the config (for n CI jobs); --check compares those
Exit 0 when written (violations are the table's content), 1 verdicts differ, 2 bad config or an
implementation that could not be run.`,
  fuzz: `prunecheck fuzz [--cmd "<shell command>" | --impl <module>] [options]

Replays the regression corpus for this target, enumerates every case up to the exhaustive bound, then
generates random rounds until the budget is spent or every property has a counterexample.

  --cmd, --impl, --capabilities, --timeout-ms   the implementation, as for run (one adapter process per worker)
  --level core|strict           conformance level (default core)
  --time DURATION               the random search's budget: 90 (seconds), 30s, 10m, 1m30s (default 30s, at most
                                2147483647 ms); the corpus replay and the exhaustive phase before it run whole
  --rounds N                    at most N random rounds per property, 1 to 1000000, over all shards and
                                workers: the same search on any machine, --time only a guard
  --workers N                   worker threads, each with its own driver (default: the number of cores,
                                at most twice that)
  --shard i/n                   run part i of n of the campaign (for a CI matrix; then prunecheck merge)
  --seed N                      campaign seed, 0 to 2147483647; every round's seed derives from it
                                (default random, recorded)
  --property ID                 fuzz only this property (repeatable)
  --exhaustive N                bounded-exhaustive windows of up to N spans first, 0 to 4 (default 2; 0 off)
  --out DIR                     reports and summary.json (default reports)
  --corpus DIR                  regression corpus, replayed first and added to (default fuzz/corpus)
  --junit FILE                  also write JUnit XML

Exit codes as for run; 130 after Ctrl-C, with the summary and reports of what finished written.`,
  record: `prunecheck record (--cmd "<adapter command>" | --impl <module>) --trace FILE [--conversation ID]

Is an adapter: give it wherever the runtime (or \`prunecheck run --cmd\`) starts your stdio adapter. With
--cmd it starts the adapter with sh -c, passes every byte both ways unchanged, and exits with the
adapter's exit code; its stderr is its own. With --impl it serves the TS/JS module itself over stdio
protocol 1.1 (its model calls go to the runtime as model lines) and exits 0 at shutdown. Either way it
writes one trace line (docs/trace.md) per exchange to FILE, at once, so a killed recorder loses nothing it saw.

  --cmd "<command>"   the adapter to record, as for run
  --impl <path>       a TS/JS module exporting a pruner, as for run: served and recorded
  --trace FILE        the trace to write (replaced if it exists)
  --conversation ID   the conversation id every exchange is recorded under; it ends when the adapter exits`,
  audit: `prunecheck audit <trace.jsonl>… [--cmd "<shell command>" | --impl <module>] [options]

Judges recorded exchanges (docs/trace.md) with the properties \`run\` checks, offline: every exchange,
in one streaming pass per file, following each conversation's spans from one exchange to the next, with
a live line of files, bytes and exchanges on a TTY (a status line every few seconds off one).
Properties that need the implementation to answer again (deterministic, budget-reachable) are skipped
as not judged, unless --cmd or --impl names it: then it is asked again beside each exchange (the same
request facing the model answers the trace recorded), and files are audited one at a time. The objects a
pruner was handed (inputs-immutable) are never in a trace. A violation's report points at the trace's
file and line; one whose exchange breaks the property alone replays on the fixed implementation with
--cmd or --impl.

  --cmd "<command>"    the recorded implementation as a stdio adapter, to ask again (started with sh -c)
  --impl <path>        the recorded implementation as a TS/JS module, to ask again
  --timeout-ms N       per-request timeout when asking it, 1 to 2147483647 (default ${DEFAULT_TIMEOUT_MS})
  --level core|strict  conformance level (default core)
  --property ID        judge only this property (repeatable)
  --lenient            skip bad exchange lines, counted and printed, instead of stopping at the first
  --open-conversations N
                       conversations followed at once, 1 to 1000000 (default 1000): past it the least
                       recently active is forgotten, counted and printed; a trace's conversation_end
                       lines free theirs, so memory is bounded by the conversations open at once
  --workers N          files audited at once, each in a thread of its own (default: the number of
                       cores, at most twice that); what is printed and reported is in file order
  --corpus DIR         add each violation whose exchange breaks the property alone to this regression
                       corpus: \`prunecheck fuzz --corpus DIR\` replays it first on any implementation
                       answering to the recorded name (the fixed build of it)
  --out DIR            reports and summary.json (default reports)
  --junit FILE         also write JUnit XML

Exit codes as for run: 0 clean, 1 violations, 2 a bad trace (file and line named) or usage error.`,
  merge: `prunecheck merge <summary.json>… [--out DIR] [--junit FILE]

Combines the summaries of the shards of one campaign: violations united, runs and requests summed, a
property failed if any shard failed it. Writes DIR/summary.json and summary.md (default reports); exit 1
when the merged campaign has violations.`,
  schema: `prunecheck schema [--write DIR | --check DIR]

Prints the protocol's JSON Schemas (generated from the zod schemas). --write writes one file per schema;
--check exits 1 when the files in DIR differ from what this version generates.`,
} as const;

export type UsageTopic = keyof typeof USAGE;

export function renderUsage(topic: UsageTopic): string {
  return USAGE[topic];
}
