import { PROPERTIES } from "../../properties/index.ts";
import { runAudit } from "../audit/run-audit.ts";
import type { Io } from "../console/io.ts";
import { selectProperties } from "../engine/suite.ts";
import { InputError } from "../errors/input.ts";
import { checkRunOutputs } from "../files/output-paths.ts";
import { numericFlag } from "../engine/numeric-flags.ts";
import { moduleEntry } from "../runtime/module-entry.ts";
import { openTarget, targetFrom } from "../engine/target.ts";
import { summarizeFailure, withLastWords } from "../engine/unfinished.ts";
import { level, parse } from "./args.ts";
import { exitCodeOf } from "./exit-code.ts";
import { renderUsage } from "./help.ts";

/** `prunecheck audit TRACE…`: recorded exchanges judged offline, with `run`'s verdicts, reports and exit codes. */
export async function auditCommand(argv: readonly string[], io: Io, signal?: AbortSignal): Promise<number> {
  const { values, positionals } = parse(
    "audit",
    argv,
    {
      level: { type: "string" },
      property: { type: "string", multiple: true },
      out: { type: "string" },
      junit: { type: "string" },
      lenient: { type: "boolean" },
      "open-conversations": { type: "string" },
      workers: { type: "string" },
      corpus: { type: "string" },
      cmd: { type: "string" },
      impl: { type: "string" },
      "timeout-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    true,
  );
  if (values.help) {
    io.line(renderUsage("audit"));
    return 0;
  }
  if (positionals.length === 0) throw new InputError("usage", "audit takes at least one trace file", "prunecheck audit traces/run-42.jsonl (docs/trace.md)");
  const options = {
    level: level(values.level),
    properties: selectProperties(PROPERTIES, values.property),
    outDir: values.out ?? "reports",
    lenient: values.lenient === true,
    openConversations: numericFlag("open-conversations", values["open-conversations"]),
    workers: numericFlag("workers", values.workers),
    thread: moduleEntry(import.meta.url, "audit-thread"),
    ...(values.corpus === undefined ? {} : { corpus: values.corpus }),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
  };
  checkRunOutputs(options.outDir, options.junit);
  const target = targetFrom(values);
  const timeoutMs = numericFlag("timeout-ms", values["timeout-ms"]);
  // A trace that cannot be read, an implementation that cannot start: summary.json says so, as after `run`.
  const run = { level: options.level, properties: options.properties.map((property) => property.id) };
  const summary = await withLastWords(options, run, () =>
    summarizeFailure(options, run, signal, io, async () => {
      if (target === null) return runAudit(positionals, options, io);
      // The implementation to ask again, as `run` would start it; closed whatever the audit comes to.
      const reask = await openTarget(target, { timeoutMs, ...(signal === undefined ? {} : { signal }) });
      try {
        return await runAudit(positionals, { ...options, reask, reaskTarget: target }, io);
      } finally {
        await reask.close();
      }
    }),
  );
  return exitCodeOf(summary);
}
