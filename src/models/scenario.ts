import fc from "fast-check";
import { initialSpansArb } from "../arbitraries/span-spec.ts";
import type { SpanSpec } from "./world.ts";
import type { KeyScheme } from "./world.ts";
import { commandArbs } from "./commands/index.ts";
import type { Harness } from "./harness.ts";
import type { World } from "./world.ts";

export interface Scenario {
  readonly keyScheme: KeyScheme;
  readonly initial: readonly SpanSpec[];
  readonly commands: Iterable<fc.AsyncCommand<World, Harness>>;
}

export interface ScenarioOptions {
  readonly maxCommands?: number;
  /** fast-check's commands replay path, from a report. */
  readonly replayPath?: string;
}

/** One run: how the store names keys, the window to start from, and what happens to it. */
export function scenarioArb(options: ScenarioOptions = {}): fc.Arbitrary<Scenario> {
  return fc.record({
    keyScheme: fc.constantFrom<KeyScheme>("sha256", "counter", "odd"),
    initial: initialSpansArb,
    commands: fc.commands(commandArbs, {
      maxCommands: options.maxCommands ?? 24,
      // One notch above the default: long enough sequences for budget pressure and depth to build up.
      size: "+1",
      ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
    }),
  });
}

/** fast-check prints the replay path of a commands value in its string form; reports need it as data. */
export function replayPathOf(commands: unknown): string | undefined {
  return /replayPath="([^"]*)"/.exec(String(commands))?.[1];
}
