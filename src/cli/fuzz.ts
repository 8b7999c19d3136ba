import { runCampaign } from "../../fuzz/campaign.ts";
import { parseDuration } from "../console/duration.ts";
import { parseShard, WHOLE } from "../../fuzz/shard.ts";
import { level, parse } from "./args.ts";
import { numericFlag } from "../engine/numeric-flags.ts";
import { renderUsage } from "./help.ts";
import type { Io } from "../console/io.ts";
import { selectProperties } from "../engine/suite.ts";
import { targetFrom } from "../engine/target.ts";
import { exitCodeOf } from "./exit-code.ts";
import { checkCorpusDir, checkRunOutputs } from "../files/output-paths.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { summarizeFailure, withLastWords } from "../engine/unfinished.ts";

/**
 * `prunecheck fuzz`: flags to campaign options, the campaign, its exit code (0 none found, 1 violations,
 * 2 a harness error); "interrupted" after Ctrl-C, which main turns into 130.
 */
export async function fuzzCommand(argv: readonly string[], io: Io, signal: AbortSignal): Promise<number | "interrupted"> {
  const { values } = parse("fuzz", argv, {
    cmd: { type: "string" },
    impl: { type: "string" },
    capabilities: { type: "string" },
    "timeout-ms": { type: "string" },
    level: { type: "string" },
    time: { type: "string" },
    rounds: { type: "string" },
    workers: { type: "string" },
    shard: { type: "string" },
    seed: { type: "string" },
    property: { type: "string", multiple: true },
    exhaustive: { type: "string" },
    out: { type: "string" },
    corpus: { type: "string" },
    junit: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.line(renderUsage("fuzz"));
    return 0;
  }
  const options = {
    target: targetFrom(values) ?? { kind: "reference" as const },
    timeoutMs: numericFlag("timeout-ms", values["timeout-ms"]),
    level: level(values.level),
    ...(values.property === undefined ? {} : { only: selectProperties(PROPERTIES, values.property).map((property) => property.id) }),
    budgetMs: parseDuration(values.time ?? "30s"),
    ...(values.rounds === undefined ? {} : { maxRounds: numericFlag("rounds", values.rounds) }),
    workers: numericFlag("workers", values.workers),
    shard: values.shard === undefined ? WHOLE : parseShard(values.shard),
    seed: numericFlag("seed", values.seed),
    outDir: values.out ?? "reports",
    corpusDir: values.corpus ?? "fuzz/corpus",
    exhaustive: numericFlag("exhaustive", values.exhaustive),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
  };
  checkRunOutputs(options.outDir, options.junit);
  checkCorpusDir(options.corpusDir);
  const properties = options.only ?? PROPERTIES.map((property) => property.id);
  const run = { level: options.level, seed: options.seed, properties };
  const summary = await withLastWords(options, run, () => summarizeFailure(options, run, signal, io, () => runCampaign(options, io, signal)));
  if (summary.interrupted) return "interrupted";
  return exitCodeOf(summary);
}
