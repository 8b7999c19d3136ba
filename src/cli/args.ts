import { parseArgs, type ParseArgsConfig } from "node:util";
import { InputError } from "../errors/input.ts";
import { DEFAULT_LEVEL, Level } from "../models/property.ts";
import { describeRange, NUMERIC_FLAGS, type NumericFlagName } from "../engine/numeric-flags.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: boolean }>>;

/** node:util parseArgs, strict, with its errors turned into one-line usage errors. */
export function parse<O extends Options>(command: string, argv: readonly string[], options: O, positionals = false): Parsed<O> {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: positionals });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // `--seed -5`: parseArgs takes the value for a flag and calls it ambiguous; no numeric flag is negative.
    const flag = /^Option '--([\w-]+)' argument is ambiguous/.exec(message)?.[1];
    if (flag !== undefined && Object.hasOwn(NUMERIC_FLAGS, flag)) {
      const name = flag as NumericFlagName;
      throw new InputError("usage", `--${name} must be a decimal integer ${describeRange(name)}, got a value starting with "-"`, NUMERIC_FLAGS[name].hint);
    }
    throw new InputError(
      "usage",
      `${command}: ${message.replace(/\. To specify a positional argument.*$/s, "")}`,
      `Run \`prunecheck ${command} --help\` for the flags it takes.`,
    );
  }
}

/** `--level`'s value; `spelled` names where it came from when that is not the flag (the API's option). */
export function level(value: string | undefined, spelled = "--level"): Level {
  if (value === undefined) return DEFAULT_LEVEL;
  const parsed = Level.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new InputError(
    "usage",
    `${spelled} must be core or strict, got ${JSON.stringify(value)}`,
    `Use ${spelled === "--level" ? "--level core (the default) or --level strict" : "core (the default) or strict"}.`,
  );
}
