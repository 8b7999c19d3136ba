import type fc from "fast-check";

/**
 * fast-check's commands arbitrary shrinks only the commands that ran: each time it shrinks a failing
 * value it notes which of its commands ran, and a `replayPath` hands those notes back so that a replay
 * shrinks along the same path. The harness keeps the same notes itself, per failing run, rather than read
 * them from the text fast-check prints for a value.
 */
export interface RecordedCommands<Model extends object, Real> {
  readonly commands: readonly fc.AsyncCommand<Model, Real>[];
  /** Per command, in order: whether it ran (its check let it, and its run started). */
  readonly ran: readonly boolean[];
}

export function recordRuns<Model extends object, Real>(commands: Iterable<fc.AsyncCommand<Model, Real>>): RecordedCommands<Model, Real> {
  const ran: boolean[] = [];
  const wrapped = [...commands].map((command, index): fc.AsyncCommand<Model, Real> => {
    ran.push(false);
    return {
      check: (model) => command.check(model),
      run: (model, real) => {
        ran[index] = true;
        return command.run(model, real);
      },
      toString: () => command.toString(),
    };
  });
  return { commands: wrapped, ran };
}

/**
 * The replayPath of a shrink that accepted these failing runs, in order, the first found first: the
 * notes of each, one after another, in fast-check's format (ReplayPath in fast-check's
 * src/check/model/ReplayPath.ts): runs of equal notes of at most 64, their lengths less one as base64
 * digits, a colon, then which notes the runs hold, six runs to a base64 digit, lowest bit first.
 */
export function replayPathOf(failures: readonly (readonly boolean[])[]): string {
  const runs: { value: boolean; count: number }[] = [];
  for (const value of failures.flat()) {
    const last = runs.at(-1);
    if (last === undefined || last.count === 64 || last.value !== value) runs.push({ value, count: 1 });
    else last.count++;
  }
  if (runs.length === 0) return "";
  let changes = "";
  for (let index = 0; index < runs.length; index += 6) {
    changes += base64(runs.slice(index, index + 6).reduceRight((bits, run) => (bits << 1) + (run.value ? 1 : 0), 0));
  }
  return `${runs.map(({ count }) => base64(count - 1)).join("")}:${changes}`;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function base64(value: number): string {
  return DIGITS[value] as string;
}
