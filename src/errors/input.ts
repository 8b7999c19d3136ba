import type { z } from "zod";
import { PrunecheckError } from "./prunecheck-error.ts";

export type InputErrorCode =
  | "usage"
  | "unreadable_file"
  /** A file larger, deeper or fuller than FILE_LIMITS allow, found before it is parsed. */
  | "file_past_limits"
  | "invalid_json"
  | "invalid_report"
  | "invalid_module"
  | "invalid_config"
  | "untrusted_target"
  /** A report found in a recorded trace names nothing to run: the user must. */
  | "no_target"
  /** A report whose counterexample cannot be re-run: one exchange of a recorded conversation. */
  | "not_replayable"
  | "bad_output_path"
  | "invalid_trace"
  /** A library function called with an argument it cannot use. */
  | "invalid_argument";

/** Bad input from the user: a flag, a file, a module. Always one clear line and exit code 2, never a stack. */
export class InputError extends PrunecheckError<InputErrorCode> {
  static override readonly kind = "InputError";

  constructor(
    code: InputErrorCode,
    message: string,
    /** What to do next, printed as a `Hint:` line. */
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/** zod issues as `✖ message → at path` lines, the first few only: a wall of issues helps nobody. */
export function describeIssues(error: z.ZodError, limit = 3): string {
  const lines = error.issues.slice(0, limit).map((issue) => `✖ ${issue.message} → at ${formatPath(issue.path)}`);
  if (error.issues.length > limit) lines.push(`(and ${error.issues.length - limit} more)`);
  return lines.join("; ");
}

export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  return path
    .map((segment, index) =>
      typeof segment === "number"
        ? `[${segment}]`
        : index === 0
          ? String(segment)
          : /^[A-Za-z_$][\w$]*$/.test(String(segment))
            ? `.${String(segment)}`
            : `[${JSON.stringify(String(segment))}]`,
    )
    .join("");
}
