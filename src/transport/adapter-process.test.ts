import { afterEach, describe, expect, it } from "vitest";
import { leftoverProcesses } from "../../test/helpers/processes.ts";
import { AdapterProcess } from "./adapter-process.ts";
import { StderrTail } from "./stderr-tail.ts";
import { TransportFailure } from "./transport-failure.ts";

const MARKER = `PRUNECHECK_PROCESS_TEST=${process.pid}-${Date.now()}`;
const ENV = { ...process.env, PRUNECHECK_PROCESS_TEST: MARKER.split("=")[1] };
const started: AdapterProcess[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((adapter) => adapter.terminate()));
  expect(await leftoverProcesses(MARKER)).toEqual([]);
});

/** A shell adapter; `\377` in a printf format is the byte 0xFF, which no UTF-8 text holds. */
function start(command: string): AdapterProcess {
  const adapter = new AdapterProcess({ command, env: ENV }, new StderrTail());
  started.push(adapter);
  return adapter;
}

async function failureOf(promise: Promise<unknown>): Promise<TransportFailure> {
  const error = await promise.then(
    () => new Error("expected a TransportFailure, but the exchange answered"),
    (failure: unknown) => failure,
  );
  if (error instanceof TransportFailure) return error;
  throw error;
}

describe("AdapterProcess: a line that is not UTF-8", () => {
  it("fails the request it answers as not_utf8, never as text with U+FFFD in it, and reads the next line", async () => {
    const adapter = start(`read a; printf '{"text":"\\377"}\\n'; read b; printf 'fine\\n'; sleep 5`);
    const failure = await failureOf(adapter.exchange("first", 2000));
    expect([failure.code, failure.detail]).toEqual([
      "not_utf8",
      expect.stringMatching(/^byte 9 of a 12-byte stdout line is not UTF-8 \(bytes ff 22 7d, after "\{\\"text\\":\\""\)/),
    ]);
    expect((await adapter.exchange("second", 2000)).line).toBe("fine");
  });

  it("written while nothing was pending, fails the next request as not_utf8", async () => {
    const adapter = start(`printf '\\377\\n'; sleep 5`);
    // Give the stray line time to arrive before anything is written.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const failure = await failureOf(adapter.exchange("first", 2000));
    expect([failure.code, failure.detail]).toEqual(["not_utf8", expect.stringMatching(/^byte 0 of a 1-byte stdout line is not UTF-8 \(bytes ff, after ""\)/)]);
  });
});
