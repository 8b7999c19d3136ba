import { parseArgs, type ParseArgsConfig } from "node:util";
import { InputError } from "../errors/input.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs, strict, with its errors turned into one-line usage errors. */
export function parse<O extends Options>(command: string, argv: readonly string[], options: O, positionals = false) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: positionals });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new InputError("usage", `${command}: ${message.replace(/\. To specify a positional argument.*$/s, "")}`, `Run \`prunecheck ${command} --help\` for the flags it takes.`);
  }
}

export function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InputError("usage", `--${name} must be a positive integer, got ${JSON.stringify(value)}`, "Give a whole number of at least 1.");
  return number;
}

export function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new InputError("usage", `--${name} must be an integer, got ${JSON.stringify(value)}`, "Give a whole number, e.g. the seed a report records.");
  return number;
}

export function level(value: string | undefined): "core" | "strict" {
  if (value === undefined || value === "core" || value === "strict") return value ?? "core";
  throw new InputError("usage", `--level must be core or strict, got ${JSON.stringify(value)}`, "Use --level core (the default) or --level strict.");
}
