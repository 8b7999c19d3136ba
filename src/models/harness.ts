import type { Driver, Exchange, SendOptions } from "../transport/driver.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import type { OperationCall, Outcome } from "../wire/protocol.ts";
import type { Store } from "../wire/window.ts";
import { adapterProtocol } from "./adapter-protocol.ts";
import { PROBES, probesOf, type ProbeName } from "./probes.ts";
import type { Level, Property, Step } from "./property.ts";
import type { TraceEntry } from "./trace-entry.ts";
import { boundExchange } from "../reports/bound.ts";
import { PropertyViolation } from "../errors/property-violation.ts";
import type { World } from "./world.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";

const NO_PROBES = Object.freeze({});

export interface HarnessOptions {
  /** For every request of the run: a shorter timeout while a hang shrinks. */
  readonly sendOptions?: SendOptions;
  /** Told of every request as it goes out, for a live count: a request to a slow adapter takes a while. */
  readonly onSend?: () => void;
  /** Told of every adapter fault as it happens (a timeout above all), before it becomes a finding. */
  readonly onFault?: (fault: AdapterFault) => void;
  /**
   * A property that found something stops judging and the run goes on for the others; only when none is
   * left (or the adapter faults) does the run end. For checking many properties on one stream of runs
   * (see joint.ts), where each property's first finding is all that is wanted of a run.
   */
  readonly untilEveryPropertyFails?: boolean;
}

/**
 * The real side of a model run: the implementation, the properties that judge every answer, and what
 * happened. Every property judges each request, so one request can violate several; the first request
 * with a finding ends the run (fast-check shrinks towards it), with a violation per property it broke.
 */
export class Harness {
  readonly trace: TraceEntry[] = [];
  requests = 0;
  /** The most spans any request of the run carried: what a run of it costs, for the shrink budget. */
  largestWindow = 0;
  readonly #violations = new Map<string, PropertyViolation>();
  #judging: readonly Property[];
  #probes: readonly ProbeName[];
  #previous: Pick<Step, "call" | "outcome"> | undefined;
  readonly #sendOptions: SendOptions;
  readonly #onSend: () => void;
  readonly #onFault: (fault: AdapterFault) => void;
  readonly #untilEveryPropertyFails: boolean;

  constructor(
    readonly driver: Driver,
    readonly properties: readonly Property[],
    readonly level: Level,
    options: HarnessOptions = {},
  ) {
    this.#judging = properties;
    this.#probes = probesOf(properties);
    this.#sendOptions = options.sendOptions ?? {};
    this.#onSend = options.onSend ?? (() => {});
    this.#onFault = options.onFault ?? (() => {});
    this.#untilEveryPropertyFails = options.untilEveryPropertyFails === true;
  }

  /** By the id of each property the run violated (an adapter fault is every property's); empty while none is. */
  get violations(): ReadonlyMap<string, PropertyViolation> {
    return this.#violations;
  }

  note(label: string): void {
    this.trace.push({ kind: "env", label });
  }

  /**
   * Sends one operation built from the world, lets every property judge it, and on success moves the world
   * to the returned window. Throws the first property's PropertyViolation, with the trace so far, on a
   * finding or a fault; `violations` then holds every property's.
   */
  async exchange(world: World, label: string, call: OperationCall, model?: readonly ModelAnswerSpec[]): Promise<Outcome> {
    // Probes do not depend on the answer, so they go out with the request: a pipelining adapter answers
    // them back to back, and a probing property keeps pace with the others in a side-by-side run.
    const first = this.#send(call, model);
    const probes = this.#probes.flatMap((name) => {
      const probe = PROBES[name].build(call, world.truth);
      if (probe === null) return [];
      // The same script: a repeated request meets the same model, so its answer may not differ.
      const answer = this.#send(probe, model).then((exchange) => ({ name, exchange }));
      // If the request fails, its fault is the finding; what became of the probes no longer matters.
      answer.catch(() => {});
      return [answer];
    });
    const exchange = await first;
    this.trace.push({ kind: "request", label, ...keptForReport(exchange), ...(model === undefined ? {} : { script: model }) });
    // Most properties probe nothing: they then skip a turn of the event loop and an allocation per request.
    const answers = probes.length === 0 ? NO_PROBES : Object.fromEntries((await Promise.all(probes)).map((answer) => this.#probed(answer)));
    const step = {
      call,
      sent: exchange.request,
      outcome: exchange.outcome,
      truth: world.truth,
      level: this.level,
      probes: answers,
      model: exchange.model ?? [],
      ...(this.#previous === undefined ? {} : { previous: this.#previous }),
    };
    this.#previous = { call, outcome: exchange.outcome };
    const found: PropertyViolation[] = [];
    for (const property of this.#judging) {
      const finding = property.check(step);
      // A run that goes on appends to the trace, so each violation keeps the trace as it stood.
      if (finding !== null) found.push(new PropertyViolation(property, finding, this.#untilEveryPropertyFails ? this.trace.slice() : this.trace));
    }
    for (const violation of found) this.#violations.set(violation.property.id, violation);
    if (found.length > 0 && this.#untilEveryPropertyFails) {
      this.#judging = this.#judging.filter((property) => !this.#violations.has(property.id));
      this.#probes = probesOf(this.#judging);
    }
    if (found[0] !== undefined && (!this.#untilEveryPropertyFails || this.#judging.length === 0)) throw found[0];
    if (exchange.outcome.ok) world.window = exchange.outcome.window;
    return exchange.outcome;
  }

  /** A probe's answer goes into the trace after its request, so a report can tell it. */
  #probed({ name, exchange }: { name: ProbeName; exchange: Exchange }): [ProbeName, Outcome] {
    this.trace.push({ kind: "probe", label: PROBES[name].label, ...keptForReport(exchange) });
    return [name, exchange.outcome];
  }

  async #send(call: OperationCall, model?: readonly ModelAnswerSpec[]) {
    this.requests++;
    this.largestWindow = Math.max(this.largestWindow, call.window.spans.length);
    this.#onSend();
    try {
      // The pruner gets its own copy: whatever it does to it, the harness's state and `call` stay pristine.
      const options = model === undefined ? this.#sendOptions : { ...this.#sendOptions, model };
      return await this.driver.send(this.driver.isolatesInputs === true ? call : copyCall(call), options);
    } catch (error) {
      if (!(error instanceof AdapterFault)) throw error;
      this.#onFault(error);
      const violation = new PropertyViolation(adapterProtocol, { message: error.message, span_id: null }, this.trace, error.request, error.stderrTail, {
        cause: error,
      });
      for (const property of this.#judging) this.#violations.set(property.id, violation);
      throw violation;
    }
  }
}

/**
 * A copy of the world's store for one request, as a plain object: spreading defines every key as an own
 * data property, so `__proto__` stays an own entry rather than setting the copy's prototype.
 */
export function storeSnapshot(store: Store): Store {
  return { ...store };
}

/**
 * A deep copy of a call for an in-process pruner: every object and array is new, primitives (strings
 * above all) are shared, since nothing can change them. What the pruner gets is what structuredClone
 * would give it for wire data (own enumerable keys, `__proto__` an own entry, ordinary
 * prototypes), at a fraction of the cost: structuredClone also copies every string. Anything that is
 * not a plain object or array is left to structuredClone.
 */
function copyCall(call: OperationCall): OperationCall {
  return copyValue(call) as OperationCall;
}

function copyValue(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Array.prototype) {
    const copy: unknown[] = (value as unknown[]).slice();
    for (let index = 0; index < copy.length; index++) {
      const element = copy[index];
      if (typeof element === "object" && element !== null) copy[index] = copyValue(element);
    }
    return copy;
  }
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  // Spread defines every key as an own entry, `__proto__` included, where assigning it would set the
  // copy's prototype; assigning a key the copy already owns only replaces its value, `__proto__` too.
  const copy: Record<string, unknown> = { ...value };
  for (const key of Object.keys(copy)) {
    const field = copy[key];
    if (typeof field === "object" && field !== null) copy[key] = copyValue(field);
  }
  return copy;
}

/** What the trace keeps of an exchange: texts past TRACE_TEXT_MAX cut, so a run's memory is not the answers' size. */
function keptForReport(answered: Exchange): { readonly exchange: Exchange; readonly cut?: number } {
  const { exchange, cut } = boundExchange(answered);
  return cut === 0 ? { exchange } : { exchange, cut };
}
