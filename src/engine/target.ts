import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import type { Driver } from "../transport/driver.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import type { Pruner } from "../transport/pruner.ts";
import { openStdioDriver } from "../transport/stdio.ts";
import { openContainedDriver } from "../transport/contained.ts";
import { describeIssues, InputError } from "../errors/input.ts";
import { capText } from "../errors/cap-text.ts";
import { referenceWith } from "../reference/index.ts";
import { Capability, HelloResponse } from "../wire/protocol.ts";
import type { Target } from "../reports/report.ts";

export interface TargetOptions {
  readonly timeoutMs: number;
  /** Aborting it stops a stdio adapter at once (see StdioDriverOptions.signal). */
  readonly signal?: AbortSignal;
}

/**
 * `--cmd` / `--impl` / nothing, as a Target: the one place that knows how to reach an implementation.
 * `--capabilities` (a comma-separated list) makes the embedded reference declare only those.
 */
export function targetFrom(flags: { cmd?: string | undefined; impl?: string | undefined; capabilities?: string | undefined }): Target | null {
  if (flags.capabilities !== undefined) {
    if (flags.cmd !== undefined || flags.impl !== undefined) {
      throw new InputError(
        "usage",
        "--capabilities selects what the embedded reference declares, and --cmd or --impl names another implementation",
        "An adapter declares its capabilities in hello, a module in its `capabilities` field; drop --capabilities.",
      );
    }
    return { kind: "reference", capabilities: capabilityList(flags.capabilities) };
  }
  if (flags.cmd !== undefined && flags.impl !== undefined) {
    throw new InputError(
      "usage",
      "--cmd and --impl name two implementations; give one",
      "Use --cmd for a process speaking the stdio protocol, --impl for a TS/JS module.",
    );
  }
  if (flags.cmd !== undefined) return { kind: "cmd", command: flags.cmd };
  if (flags.impl !== undefined) return { kind: "impl", path: flags.impl };
  return null;
}

export async function openTarget(target: Target, options: TargetOptions): Promise<Driver> {
  switch (target.kind) {
    case "reference":
      return inProcessDriver(referenceWith(target.capabilities));
    case "impl":
      // Contained in a thread of its own: a pruner that spins is a timeout finding, and Ctrl-C still works.
      return openContainedDriver(target.path, { timeoutMs: options.timeoutMs, ...(options.signal === undefined ? {} : { signal: options.signal }) });
    case "cmd":
      return openStdioDriver({ command: target.command, timeoutMs: options.timeoutMs, signal: options.signal });
    case "recorded":
      throw new InputError(
        "no_target",
        "the implementation was recorded in a trace, not named: there is nothing to start",
        "Name the implementation to run with --cmd or --impl.",
      );
  }
}

/**
 * Loads a pruner module: its default export, a `pruner` export, or the first export that is a pruner or
 * holds one under `pruner` or `default` (so a mutant record can be checked directly, and so can a module
 * compiled to CommonJS, whose `export default` arrives as `default.default`).
 */
export async function loadPruner(path: string): Promise<Pruner> {
  let module: Record<string, unknown>;
  try {
    module = await importModule(path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      "invalid_module",
      `--impl ${path}: cannot load module (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`,
      loadHint(error),
      {
        cause: error,
      },
    );
  }
  // Reading an export runs the module's getters and proxies: what throws there is the module's fault.
  const found = readingExports(path, () => {
    for (const candidate of [module.default, module.pruner, ...Object.values(module)]) {
      if (isPruner(candidate)) return candidate;
      const held = candidate as { pruner?: unknown; default?: unknown } | null | undefined;
      const inner = [held?.pruner, held?.default].find(isPruner);
      if (inner !== undefined) return inner;
    }
    return undefined;
  });
  if (found !== undefined) return checkedPruner(path, found);
  throw new InputError(
    "invalid_module",
    `--impl ${path}: no export is a pruner`,
    'Export default { name: string, capabilities: ["prune", ...], prune(window, evictIds, store) { ... } } (see README, "Check your own pruner").',
  );
}

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * What prunecheck uses of tsx, declared here and imported by a specifier TypeScript does not resolve: tsx is
 * the user's optional peer, so building prunecheck needs none (the action builds with its dependencies,
 * TypeScript and Node's types alone).
 */
interface TsxApi {
  tsImport(url: string, parent: string): Promise<unknown>;
}
const TSX_API: string = "tsx/esm/api";

/**
 * A TypeScript module goes through tsx's `tsImport`, which compiles it on the fly without changing how
 * anything else loads, in an ES module or a CommonJS package alike. tsx is the user's to install: a
 * pruner written in JavaScript needs none.
 */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(resolve(path)).href;
  if (!TYPESCRIPT.test(path)) return (await import(url)) as Record<string, unknown>;
  let tsx: TsxApi;
  try {
    tsx = (await import(TSX_API)) as TsxApi;
  } catch (error) {
    throw new InputError(
      "invalid_module",
      `--impl ${path}: a TypeScript module is loaded through tsx, and tsx is not installed`,
      "Install it beside prunecheck (npm install --save-dev tsx), or give the compiled .js file.",
      { cause: error },
    );
  }
  return (await tsx.tsImport(url, import.meta.url)) as Record<string, unknown>;
}

/** What to do about a module that would not load; CommonJS that requires prunecheck gets its own answer. */
function loadHint(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_REQUIRE_ESM" || code === "ERR_REQUIRE_CYCLE_MODULE" || code === "ERR_REQUIRE_ASYNC_MODULE"
    ? 'prunecheck is an ES module, and this file is CommonJS (its package.json has no "type": "module"): name it .mts or .mjs, or use import() (see README, "Check your own pruner").'
    : "Give the path of a .ts/.mts/.js/.mjs file that exports a pruner.";
}

/**
 * The pruner, once its name and capabilities read as a hello's would: a name of 1 to 256 characters (every
 * report and console line shows it), capabilities an array of strings. A getter or proxy that throws while
 * they are read is an invalid_module error naming what threw, not a bug in prunecheck (issue 45).
 */
function checkedPruner(path: string, pruner: Pruner): Pruner {
  const declared = readingExports(path, () => ({ name: pruner.name, capabilities: [...pruner.capabilities] }));
  const checked = HelloResponse.pick({ name: true, capabilities: true }).safeParse(declared);
  if (!checked.success)
    throw new InputError(
      "invalid_module",
      `--impl ${path}: its pruner's name or capabilities are not what a hello declares: ${describeIssues(checked.error)}`,
      'Give it a name of 1 to 256 characters and capabilities such as ["prune", "compact"] (docs/protocol.md §2).',
    );
  return pruner;
}

function readingExports<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new InputError(
      "invalid_module",
      `--impl ${path}: reading its exports threw ${error instanceof Error ? `${error.name}: ${capText(error.message)}` : capText(String(error))}`,
      "Export the pruner as a plain object or class instance whose name, capabilities and methods can be read.",
      { cause: error },
    );
  }
}

function isPruner(value: unknown): value is Pruner {
  const candidate = value as Partial<Pruner> | null | undefined;
  return typeof candidate?.name === "string" && Array.isArray(candidate.capabilities) && typeof candidate.prune === "function";
}

/** `prune,compact,model` as capabilities, prune always among them; an unknown name is a usage error. */
function capabilityList(list: string): Capability[] {
  const names = list.split(",").map((name) => name.trim());
  const unknown = names.find((name) => !Capability.safeParse(name).success);
  if (unknown !== undefined) {
    throw new InputError(
      "usage",
      `--capabilities: unknown capability ${JSON.stringify(unknown)}`,
      `Choose from ${Capability.options.join(", ")}, separated by commas.`,
    );
  }
  return Capability.options.filter((capability) => capability === "prune" || names.includes(capability));
}

export function describeTarget(target: Target): string {
  return target.kind === "reference"
    ? `the embedded reference${target.capabilities === undefined ? "" : ` declaring ${target.capabilities.join(", ")}`}`
    : target.kind === "impl"
      ? `module ${target.path}`
      : target.kind === "cmd"
        ? `command ${JSON.stringify(target.command)}`
        : "a recorded trace";
}
