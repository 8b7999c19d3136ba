import { randomInt } from "node:crypto";
import { isAdapterFault } from "../errors/adapter-fault.ts";
import { InputError, isInputError } from "../errors/input.ts";
import { integer, level, parse, positiveInt } from "./args.ts";
import { renderUsage } from "./help.ts";
import type { Io } from "./io.ts";
import { readReport, replayReport } from "./replay.ts";
import { runSuite } from "./run.ts";
import { schemaCommand } from "./schema.ts";
import { describeTarget, openTarget, targetFrom } from "./target.ts";

const TARGET_FLAGS = { cmd: { type: "string" }, impl: { type: "string" }, "timeout-ms": { type: "string" }, help: { type: "boolean", short: "h" } } as const;

/** The only place that touches argv, stdout, stderr and exit codes. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (isInputError(error)) {
      io.error(`prunecheck: ${error.message}${error.hint ? `\nHint: ${error.hint}` : ""}`);
      return 2;
    }
    if (isAdapterFault(error)) {
      io.error(`prunecheck: the adapter failed its handshake [${error.code}]: ${error.detail}${error.stderrTail ? `\nadapter stderr:\n${error.stderrTail}` : ""}\nHint: run the command by hand and send it {"id":0,"op":"hello","protocol":1} (docs/protocol.md).`);
      return 2;
    }
    io.error(`prunecheck: internal error, this is a bug in prunecheck: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 2;
  }
}

async function dispatch(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.line(renderUsage("main"));
      return command === undefined ? 2 : 0;
    case "run":
      return run(rest, io);
    case "replay":
      return replay(rest, io);
    case "schema": {
      const { values } = parse("schema", rest, { write: { type: "string" }, check: { type: "string" }, help: { type: "boolean", short: "h" } });
      if (values.help) return usage(io, "schema");
      return schemaCommand(values, io);
    }
    default:
      throw new InputError("usage", `unknown command ${JSON.stringify(command)}`, "Commands: run, replay, schema. Run `prunecheck --help`.");
  }
}

async function run(argv: readonly string[], io: Io): Promise<number> {
  const { values } = parse("run", argv, {
    ...TARGET_FLAGS,
    level: { type: "string" },
    runs: { type: "string" },
    seed: { type: "string" },
    "max-commands": { type: "string" },
    property: { type: "string", multiple: true },
    out: { type: "string" },
    junit: { type: "string" },
  });
  if (values.help) return usage(io, "run");
  const target = targetFrom(values) ?? { kind: "reference" as const };
  const seed = integer("seed", values.seed) ?? randomInt(2 ** 31 - 1);
  const timeoutMs = positiveInt("timeout-ms", values["timeout-ms"], 5000);
  const options = {
    level: level(values.level),
    runs: positiveInt("runs", values.runs, 200),
    seed,
    outDir: values.out ?? "reports",
    maxCommands: positiveInt("max-commands", values["max-commands"], 24),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
    ...(values.property === undefined ? {} : { only: values.property }),
  };
  io.line(`prunecheck: checking ${describeTarget(target)} at ${options.level}, ${options.runs} runs per property, seed ${seed}`);
  const driver = await openTarget(target, { timeoutMs });
  try {
    const summary = await runSuite(driver, target, options, io);
    return summary.violations.length > 0 ? 1 : summary.results.some((result) => result.status === "error") ? 2 : 0;
  } finally {
    await driver.close();
  }
}

async function replay(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse("replay", argv, TARGET_FLAGS, true);
  if (values.help) return usage(io, "replay");
  if (positionals.length !== 1) throw new InputError("usage", "replay takes exactly one report file", "prunecheck replay reports/<property>-<impl>-<seed>.json");
  const report = await readReport(positionals[0] as string);
  const outcome = await replayReport(report, targetFrom(values), { timeoutMs: positiveInt("timeout-ms", values["timeout-ms"], 5000) }, io);
  return outcome.stillFails ? 1 : 0;
}

function usage(io: Io, topic: Parameters<typeof renderUsage>[0]): number {
  io.line(renderUsage(topic));
  return 0;
}

function processIo(): Io {
  const tty = process.stderr.isTTY === true;
  let drawn = false;
  const clear = () => {
    if (drawn) process.stderr.write("\r\u001b[2K");
    drawn = false;
  };
  return {
    line: (text) => {
      clear();
      process.stdout.write(`${text}\n`);
    },
    progress: (text) => {
      if (!tty) return;
      clear();
      process.stderr.write(text.slice(0, (process.stderr.columns ?? 80) - 1));
      drawn = true;
    },
    error: (text) => {
      clear();
      process.stderr.write(`${text}\n`);
    },
  };
}
