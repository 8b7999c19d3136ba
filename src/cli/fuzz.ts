import { randomInt } from "node:crypto";
import { availableParallelism } from "node:os";
import { InputError } from "../errors/input.ts";
import { runCampaign } from "../../fuzz/campaign.ts";
import { parseDuration } from "../../fuzz/duration.ts";
import { parseShard, WHOLE } from "../../fuzz/shard.ts";
import { integer, level, parse, positiveInt } from "./args.ts";
import { renderUsage } from "./help.ts";
import type { Io } from "./io.ts";
import { selectProperties } from "./run.ts";
import { targetFrom } from "./target.ts";
import { exitCodeOf } from "./exit-code.ts";
import { checkCorpusDir, checkRunOutputs } from "../files/output-paths.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { summarizeFailure } from "./unfinished.ts";

/** Small enough to finish in about ten seconds in-process (64,488 cases against the reference). */
const DEFAULT_EXHAUSTIVE = 2;

/**
 * `prunecheck fuzz`: flags to campaign options, the campaign, its exit code (0 none found, 1 violations,
 * 2 a harness error); "interrupted" after Ctrl-C, which main turns into 130.
 */
export async function fuzzCommand(argv: readonly string[], io: Io, signal: AbortSignal): Promise<number | "interrupted"> {
  const { values } = parse("fuzz", argv, {
    cmd: { type: "string" },
    impl: { type: "string" },
    "timeout-ms": { type: "string" },
    level: { type: "string" },
    time: { type: "string" },
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
  const exhaustive = integer("exhaustive", values.exhaustive) ?? DEFAULT_EXHAUSTIVE;
  if (exhaustive < 0) throw new InputError("usage", `--exhaustive must be 0 (off) or a window size, got ${exhaustive}`, "2 takes about ten seconds, 3 about eight minutes in-process, on two cores.");
  const options = {
    target: targetFrom(values) ?? { kind: "reference" as const },
    timeoutMs: positiveInt("timeout-ms", values["timeout-ms"], 5000),
    level: level(values.level),
    ...(values.property === undefined ? {} : { only: selectProperties(values.property).map((property) => property.id) }),
    budgetMs: parseDuration(values.time ?? "30s"),
    workers: positiveInt("workers", values.workers, availableParallelism()),
    shard: values.shard === undefined ? WHOLE : parseShard(values.shard),
    seed: integer("seed", values.seed) ?? randomInt(2 ** 31 - 1),
    outDir: values.out ?? "reports",
    corpusDir: values.corpus ?? "fuzz/corpus",
    exhaustive,
    ...(values.junit === undefined ? {} : { junit: values.junit }),
  };
  checkRunOutputs(options.outDir, options.junit);
  checkCorpusDir(options.corpusDir);
  const properties = options.only ?? PROPERTIES.map((property) => property.id);
  const summary = await summarizeFailure(options, { level: options.level, seed: options.seed, properties }, signal, io, () => runCampaign(options, io, signal));
  if (summary.interrupted) return "interrupted";
  return exitCodeOf(summary);
}
