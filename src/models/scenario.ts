import fc from "fast-check";
import type { KeyScheme } from "./world.ts";
import { bigWindowCommandArbs, commandArbs, modelBigWindowCommandArbs, modelCommandArbs } from "./commands/index.ts";
import type { Harness } from "./harness.ts";
import type { World } from "./world.ts";

export interface Scenario {
  readonly keyScheme: KeyScheme;
  readonly commands: Iterable<fc.AsyncCommand<World, Harness>>;
}

export interface ScenarioOptions {
  readonly maxCommands?: number;
  /** fast-check's commands replay path, from a report. */
  readonly replayPath?: string;
  /** Scenarios may append hundreds to thousands of spans at once (see bigWindowCommandArbs). */
  readonly bigWindows?: boolean;
  /** The implementation writes summaries with the harness's model (it declares `model`; see modelCommandArbs). */
  readonly model?: boolean;
}

/**
 * One run: how the store names keys, and what happens to the window, from empty. The commands are the
 * only part that shrinks: fast-check's commands shrinker keeps which commands ran as state of its own,
 * and shrinking a sibling of the commands (an initial window, say) desynchronizes it, which left
 * counterexamples stuck at 8 spans. The window is built by AddSpans commands instead.
 */
export function scenarioArb(options: ScenarioOptions = {}): fc.Arbitrary<Scenario> {
  return fc.record({
    keyScheme: fc.noShrink(fc.constantFrom<KeyScheme>("sha256", "counter", "odd")),
    commands: fc.commands(commandsFor(options), {
      maxCommands: options.maxCommands ?? 24,
      // One notch above the default: long enough sequences for budget pressure and depth to build up.
      size: "+1",
      ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
    }),
  });
}

function commandsFor(options: ScenarioOptions): fc.Arbitrary<fc.AsyncCommand<World, Harness>>[] {
  if (options.model === true) return options.bigWindows === true ? modelBigWindowCommandArbs : modelCommandArbs;
  return options.bigWindows === true ? bigWindowCommandArbs : commandArbs;
}
