import { ADAPTER_FAULTS, AdapterFault } from "../errors/adapter-fault.ts";
import { InputError } from "../errors/input.ts";
import { level, parse } from "./args.ts";
import { numericFlag } from "../engine/numeric-flags.ts";
import { renderUsage } from "./help.ts";
import { fuzzCommand } from "./fuzz.ts";
import { auditCommand } from "./audit.ts";
import { recordCommand } from "./record.ts";
import { oneLine, type Io } from "../console/io.ts";
import { STATUS_ENV, statusEvery } from "../console/progress.ts";
import { matrixCommand } from "./matrix.ts";
import { mergeCommand } from "./merge.ts";
import { readReport, replayReport, replayTarget } from "./replay.ts";
import { selectProperties } from "../engine/suite.ts";
import { runGate } from "../engine/gate.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { schemaCommand } from "./schema.ts";
import { describeTarget, targetFrom } from "../engine/target.ts";
import { exitCodeOf, interruptedCode } from "./exit-code.ts";
import { packageVersion } from "../runtime/own-version.ts";
import { terminalText } from "../reports/escape/terminal.ts";
import { sayLastWords } from "../reports/last-words.ts";
import { chooseSeed } from "../engine/seed.ts";

const TARGET_FLAGS = {
  cmd: { type: "string" },
  impl: { type: "string" },
  capabilities: { type: "string" },
  "timeout-ms": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * The only place that touches argv, stdout, stderr, the environment, signals and exit codes. Without `io`,
 * words go to the process, with a status line off a TTY every PRUNECHECK_PROGRESS_INTERVAL_MS (a bad value
 * is a usage error, so it is read inside the error handling). `signal` interrupts `run` and `replay`
 * cleanly; without one, SIGINT and SIGTERM do, while a command runs.
 */
export async function main(argv: readonly string[], io?: Io, signal?: AbortSignal): Promise<number> {
  if (signal !== undefined) return execute(argv, io, signal);
  return withProcessSignals((processSignal) => execute(argv, io, processSignal));
}

async function execute(argv: readonly string[], given: Io | undefined, signal: AbortSignal): Promise<number> {
  let io = given;
  try {
    io ??= processIo(statusEvery(process.env[STATUS_ENV]));
    return await dispatch(argv, io, signal);
  } catch (error) {
    io ??= processIo(0);
    // Killing a hung adapter mid-handshake makes the handshake fail; the interruption is the news.
    if (signal.aborted) {
      io.error(`prunecheck: interrupted by ${String(signal.reason)} before the implementation was ready; nothing was checked`);
      return interruptedCode(signal);
    }
    if (error instanceof InputError) {
      io.error(`prunecheck: ${error.message}${error.hint ? `\nHint: ${error.hint}` : ""}`);
      return 2;
    }
    if (error instanceof AdapterFault) {
      const hint =
        error.code === "spawn"
          ? "check that the command starts from this directory in a shell (it runs with sh -c)."
          : `run the command by hand and send it {"id":0,"op":"hello","protocol":1} (docs/protocol.md).`;
      const stderr = error.stderrTail ? `\nadapter stderr (last lines):\n${error.stderrTail.replace(/^/gm, "  ")}` : "";
      io.error(`prunecheck: ${ADAPTER_FAULTS[error.code]} [${error.code}]: ${oneLine(error.detail)}\nHint: ${hint}${stderr}`);
      return 2;
    }
    io.error(`prunecheck: internal error, this is a bug in prunecheck: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 2;
  }
}

async function dispatch(argv: readonly string[], io: Io, signal: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.line(renderUsage("main"));
      return command === undefined ? 2 : 0;
    case "--version":
    case "-V":
      io.line(packageVersion());
      return 0;
    case "run":
      return run(rest, io, signal);
    case "replay":
      return replay(rest, io, signal);
    case "matrix": {
      const code = await matrixCommand(rest, io, signal);
      return code === "interrupted" ? interruptedCode(signal) : code;
    }
    case "fuzz": {
      const code = await fuzzCommand(rest, io, signal);
      return code === "interrupted" ? interruptedCode(signal) : code;
    }
    case "merge":
      return mergeCommand(rest, io);
    case "audit":
      return auditCommand(rest, io, signal);
    case "record":
      return recordCommand(rest, io);
    case "schema": {
      const { values } = parse("schema", rest, { write: { type: "string" }, check: { type: "string" }, help: { type: "boolean", short: "h" } });
      if (values.help) return usage(io, "schema");
      return schemaCommand(values, io);
    }
    default:
      throw new InputError(
        "usage",
        `unknown command ${JSON.stringify(command)}`,
        "Commands: run, replay, fuzz, record, audit, merge, matrix, schema. Run `prunecheck --help`.",
      );
  }
}

async function run(argv: readonly string[], io: Io, signal: AbortSignal): Promise<number> {
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
  const seed = chooseSeed(values.seed);
  const options = {
    level: level(values.level),
    runs: numericFlag("runs", values.runs),
    seed: seed.value,
    seedFrom: seed,
    timeoutMs: numericFlag("timeout-ms", values["timeout-ms"]),
    outDir: values.out ?? "reports",
    maxCommands: numericFlag("max-commands", values["max-commands"]),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
    properties: selectProperties(PROPERTIES, values.property),
  };
  const summary = await runGate(target, options, io, signal);
  return summary.interrupted ? interruptedCode(signal) : exitCodeOf(summary);
}

async function replay(argv: readonly string[], io: Io, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parse("replay", argv, { ...TARGET_FLAGS, "trust-target": { type: "boolean" } }, true);
  if (values.help) return usage(io, "replay");
  if (positionals.length !== 1)
    throw new InputError("usage", "replay takes exactly one report file", "prunecheck replay reports/<property>-<impl>-<seed>.json");
  const file = positionals[0] as string;
  const timeoutMs = numericFlag("timeout-ms", values["timeout-ms"]);
  const report = await readReport(file);
  const override = targetFrom(values);
  const target = replayTarget(report, file, override, values["trust-target"] === true);
  if (override === null && target.kind !== "reference") io.line(`prunecheck: --trust-target: running what ${file} names: ${describeTarget(target)}`);
  const outcome = await replayReport(report, target, { timeoutMs, signal }, io);
  return outcome.verdict === "interrupted" ? interruptedCode(signal) : outcome.verdict === "still-fails" ? 1 : 0;
}

/**
 * SIGINT, SIGTERM and SIGHUP (the terminal or ssh session closing) as an AbortSignal while a command
 * runs. The first stops it cleanly: the adapter is killed (it leads its own process group, so the
 * terminal's Ctrl-C never reaches it) and what finished is written. A second exits at once, leaving a
 * stand-in summary where the command had not written its own yet (last-words.ts); the exit hook in
 * adapter-process (and its watchdog, for what no hook can catch) still kills every adapter.
 */
async function withProcessSignals(body: (signal: AbortSignal) => Promise<number>): Promise<number> {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      process.stderr.write(`prunecheck: stopped at once by a second signal (${name})\n`);
      for (const failure of sayLastWords()) process.stderr.write(`prunecheck: ${terminalText(failure)}\n`);
      process.exit(interruptedCode(controller.signal));
    }
    controller.abort(name);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
  try {
    return await body(controller.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("SIGHUP", onSignal);
  }
}

function usage(io: Io, topic: Parameters<typeof renderUsage>[0]): number {
  io.line(renderUsage(topic));
  return 0;
}

/** Every word goes through terminalText: names, messages and stderr an adapter chose must not drive the terminal. */
function processIo(statusEveryMs: number): Io {
  const tty = process.stderr.isTTY === true;
  let drawn = false;
  const clear = () => {
    if (drawn) process.stderr.write("\r\u001b[2K");
    drawn = false;
  };
  return {
    line: (text) => {
      clear();
      process.stdout.write(`${terminalText(text)}\n`);
    },
    progress: (text) => {
      if (!tty) return;
      clear();
      process.stderr.write(terminalText(text).slice(0, (process.stderr.columns ?? 80) - 1));
      drawn = true;
    },
    statusEveryMs,
    status: (text) => {
      if (!tty) process.stderr.write(`${terminalText(text)}\n`);
    },
    error: (text) => {
      clear();
      process.stderr.write(`${terminalText(text)}\n`);
    },
  };
}
