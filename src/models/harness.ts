import type { Driver } from "../adapters/driver.ts";
import { isAdapterFault } from "../errors/adapter-fault.ts";
import type { OperationCall, Outcome } from "../wire/protocol.ts";
import type { Store } from "../wire/window.ts";
import type { Level, Property } from "./property.ts";
import type { TraceEntry } from "./violation.ts";
import { PropertyViolation } from "./violation.ts";
import type { World } from "./world.ts";

/** The real side of a model run: the implementation, the one property under test, and what happened. */
export class Harness {
  readonly trace: TraceEntry[] = [];
  requests = 0;

  constructor(
    readonly driver: Driver,
    readonly property: Property,
    readonly level: Level,
  ) {}

  note(label: string): void {
    this.trace.push({ kind: "env", label });
  }

  /**
   * Sends one operation built from the world, checks the property on it, and on success moves the world
   * to the returned window. Throws PropertyViolation, with the trace so far, on a finding or a fault.
   */
  async exchange(world: World, label: string, call: OperationCall): Promise<Outcome> {
    const exchange = await this.#send(call);
    this.trace.push({ kind: "request", label, exchange });
    const repeat = this.property.probe === "repeat" ? (await this.#send(call)).outcome : undefined;
    const step = { call, sent: exchange.request, outcome: exchange.outcome, truth: world.truth, level: this.level, ...(repeat ? { repeat } : {}) };
    const finding = this.property.check(step);
    if (finding !== null) throw new PropertyViolation(this.property.id, finding, this.trace);
    if (exchange.outcome.ok) world.window = exchange.outcome.window;
    return exchange.outcome;
  }

  async #send(call: OperationCall) {
    this.requests++;
    try {
      // The pruner gets its own copy: whatever it does to it, the harness's state and `call` stay pristine.
      return await this.driver.send(structuredClone(call));
    } catch (error) {
      if (!isAdapterFault(error)) throw error;
      throw new PropertyViolation("adapter-protocol", { message: error.message, span_id: null }, this.trace, error.request, error.stderrTail, {
        cause: error,
      });
    }
  }
}

/** A copy of the world's store for one request, as a plain object (`__proto__` stays an own entry). */
export function storeSnapshot(store: Store): Store {
  return Object.fromEntries(Object.entries(store));
}
