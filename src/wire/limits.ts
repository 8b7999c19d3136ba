import { formatPath } from "../errors/input.ts";

/**
 * The bounds every answer keeps (docs/protocol.md §1, "Limits"): far above anything a window needs, far
 * below what exhausts the harness. What reads an answer after it is checked recurses (zod, dequal, the
 * copy made for an in-process pruner, JSON.stringify of the next request and of reports), so depth is
 * bounded before any of them sees it.
 */
export const WIRE_LIMITS = Object.freeze({
  /** UTF-8 bytes in one line, its newline not counted. */
  lineBytes: 64 * 1024 * 1024,
  /** Arrays and objects nested in one answer, the answer counted as 1: a window's own fields reach 6. */
  depth: 64,
  /**
   * Elements of one array, or fields of one object, anywhere in an answer or a file prunecheck reads: far
   * above any window the harness sends (a few thousand spans), low enough that validating a hostile answer
   * (a million `0`s for spans) costs what this many elements cost, not what the line holds (issue 33).
   */
  elements: 20_000,
  /**
   * JSON values in one answer, every array element and object field at every level counted, the answer
   * itself too: 25 times a 3,000-span window's, and what bounds parsing a hostile line that keeps every
   * other limit (64 MiB of 20,000-field objects took 1.6 s and 790 MB; a million values take a quarter).
   */
  values: 1_000_000,
  /** Calls to the harness's model while one request is pending (protocol 1.1): a model-driven pruner needs a few. */
  modelCalls: 8,
});

/** What is wrong with an answer, and where (relative to the value checked). */
export interface WireDataProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface Walk {
  /** A lower bound on the JSON text's length in bytes: every UTF-16 code unit is at least one byte. */
  size: number;
  /** Values seen so far, and how many are allowed. */
  values: number;
  readonly maxValues: number;
  /** Whether some object has an own `__proto__` field (see inspectWireData). */
  protoField: boolean;
}

/** A problem found below the root: its path is built while the walk unwinds, deepest key first. */
interface Found {
  readonly path: PropertyKey[];
  readonly message: string;
  /** About the answer as a whole (its size), so it is reported at the root, wherever the walk was. */
  readonly whole: boolean;
  /**
   * Past the depth limit: the object found too deep, then each container above it up to the root, added
   * while the walk unwinds (so the happy path keeps no stack of ancestors), to tell a cycle from depth.
   */
  readonly tooDeep: object[] | null;
}

const NOT_DATA = "answers are plain objects, arrays, strings, finite numbers, booleans and null";

/**
 * Why `value` is not JSON data within WIRE_LIMITS, or null when it is: plain objects, arrays, strings,
 * finite numbers, booleans and null (and undefined where JSON leaves it out), nested at most
 * WIRE_LIMITS.depth deep counting `value` as level `rootDepth`, no cycle, its JSON no larger than a line.
 * It recurses, but never past the depth limit, so neither a 100,000-deep nor a cyclic value can exhaust
 * the stack; it stops at the first problem, so a huge value costs no more than a line's worth of it.
 */
export function wireDataProblem(value: unknown, rootDepth = 1, maxValues: number = WIRE_LIMITS.values): WireDataProblem | null {
  return inspectWireData(value, rootDepth, maxValues).problem;
}

/**
 * wireDataProblem, and whether some object of the value has an own field named `__proto__`: legal JSON
 * data, which a parser that assigns fields (zod's) turns into a prototype and so loses. Such a value must be
 * kept as its JSON is, or an extra field a pruner added or dropped under that name goes unseen (issue 33).
 */
export function inspectWireData(
  value: unknown,
  rootDepth = 1,
  maxValues: number = WIRE_LIMITS.values,
): { readonly problem: WireDataProblem | null; readonly protoField: boolean } {
  const walk = { size: 0, values: 1, maxValues, protoField: false };
  const found = check(walk, value, rootDepth);
  if (found === null) return { problem: null, protoField: walk.protoField };
  if (found.tooDeep !== null)
    return { problem: cycleIn(found.path, found.tooDeep.reverse()) ?? { path: found.path, message: found.message }, protoField: walk.protoField };
  return { problem: { path: found.whole ? [] : found.path, message: found.message }, protoField: walk.protoField };
}

/** One line in the style of zod issues (`✖ message → at path`). */
export function describeWireDataProblem(problem: WireDataProblem): string {
  return `✖ ${problem.message} → at ${formatPath(problem.path)}`;
}

function check(walk: Walk, value: unknown, depth: number): Found | null {
  switch (typeof value) {
    case "string":
      walk.size += value.length + 2;
      break;
    case "number":
      if (!Number.isFinite(value)) {
        return found(
          `${value} is a number outside the wire range: JSON numbers on the wire are finite (a literal such as 1e400 overflows to Infinity), and ids and depths are integers from 0 to 2^53−1`,
        );
      }
      walk.size += 1;
      break;
    case "boolean":
      walk.size += 4;
      break;
    case "undefined":
      break;
    case "object":
      if (value === null) {
        walk.size += 4;
        break;
      }
      if (depth > WIRE_LIMITS.depth) {
        return { path: [], message: tooDeepMessage(depth), whole: false, tooDeep: [value] };
      }
      return checkContainer(walk, value, depth);
    default:
      return found(`a ${typeof value} is not JSON data: ${NOT_DATA}`);
  }
  return walk.size <= WIRE_LIMITS.lineBytes ? null : tooLarge();
}

function checkContainer(walk: Walk, value: object, depth: number): Found | null {
  const prototype: unknown = Object.getPrototypeOf(value);
  const array = Array.isArray(value);
  if (array ? prototype !== Array.prototype : prototype !== Object.prototype && prototype !== null) {
    return found(`a ${value.constructor?.name ?? "exotic"} object is not JSON data: ${NOT_DATA}`);
  }
  walk.size += 2;
  if (array) {
    const items = value as readonly unknown[];
    if (items.length > WIRE_LIMITS.elements) return found(tooMany(`an array of ${items.length} elements`));
    walk.values += items.length;
    if (walk.values > walk.maxValues) return tooManyValues(walk);
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      // Strings are most of any window: counted here, without a call.
      if (typeof item === "string") walk.size += item.length + 2;
      const problem = typeof item === "string" ? null : check(walk, item, depth + 1);
      if (problem !== null) return below(value, index, problem);
    }
  } else {
    const record = value as Readonly<Record<string, unknown>>;
    // for-in reads V8's enum cache without allocating a key array; a plain object's prototype is
    // Object.prototype or null, so own enumerable keys are all it sees.
    let fields = 0;
    for (const key in record) {
      if (++fields > WIRE_LIMITS.elements) return found(tooMany(`an object of more than ${WIRE_LIMITS.elements} fields`));
      if (++walk.values > walk.maxValues) return tooManyValues(walk);
      if (key === "__proto__") walk.protoField = true;
      const field = record[key];
      walk.size += key.length + 3;
      if (typeof field === "string") walk.size += field.length + 2;
      const problem = typeof field === "string" ? null : check(walk, field, depth + 1);
      if (problem !== null) return below(value, key, problem);
    }
  }
  return walk.size <= WIRE_LIMITS.lineBytes ? null : tooLarge();
}

function tooDeepMessage(depth: number): string {
  return `arrays and objects are nested ${depth} deep here, past the protocol's limit of ${WIRE_LIMITS.depth} (an answer is level 1, its window level 2)`;
}

function tooMany(what: string): string {
  return `${what} is past the protocol's limit of ${WIRE_LIMITS.elements} elements to one array or object`;
}

function tooManyValues(walk: Walk): Found {
  return { path: [], message: valuesMessage(walk.maxValues), whole: true, tooDeep: null };
}

function valuesMessage(maxValues: number): string {
  return `it holds more than ${maxValues} values (array elements and object fields at every level), past the limit`;
}

function tooLarge(): Found {
  return { path: [], message: `the answer is larger than a protocol line allows: its JSON exceeds ${WIRE_LIMITS.lineBytes} bytes`, whole: true, tooDeep: null };
}

function found(message: string): Found {
  return { path: [], message, whole: false, tooDeep: null };
}

/** A problem one level down, in `container` under `key`. */
function below(container: object, key: PropertyKey, problem: Found): Found {
  problem.path.unshift(key);
  problem.tooDeep?.push(container);
  return problem;
}

/**
 * Past the depth limit either the value is cyclic (some object on the way down is its own ancestor) or
 * it is just deep. `chain[k]` is the object at the first k keys of `path`.
 */
function cycleIn(path: readonly PropertyKey[], chain: readonly object[]): WireDataProblem | null {
  for (let later = 1; later < chain.length; later++) {
    // Finds `later` itself at the latest.
    const earlier = chain.indexOf(chain[later] as object);
    if (earlier < later) {
      return {
        path: path.slice(0, later),
        message: `the value is cyclic, which JSON cannot carry: this is the same object as the one at ${formatPath(path.slice(0, earlier))}`,
      };
    }
  }
  return null;
}

/**
 * Text longer than this is read for the limits before it is parsed (see longTextProblem): below it, even
 * text of nothing but `[` parses in a fraction of a second; above, the scan costs a few milliseconds a
 * megabyte, against seconds and gigabytes to parse a hostile one.
 */
const PRESCAN_CHARS = 1 << 20;

/** textProblem for text longer than PRESCAN_CHARS; shorter text costs little to parse, and is checked once parsed. */
export function longTextProblem(text: string, limits: TextLimits): WireDataProblem | null {
  return text.length > PRESCAN_CHARS ? textProblem(text, limits) : null;
}

/** What textProblem holds JSON text to: WIRE_LIMITS' depth and elements always, a count of values, and for files a size. */
export interface TextLimits {
  readonly values: number;
  /** Bytes of the text without the whitespace between tokens: a file's pretty-printing is not held against it. */
  readonly compactBytes?: number;
}

/**
 * Why JSON text is past the limits, read from the text itself before it is parsed, or null: arrays and
 * objects nested more than WIRE_LIMITS.depth deep, one holding more than WIRE_LIMITS.elements, more than
 * `limits.values` values in all, or (where asked) too many bytes once whitespace is left out; with the
 * path, as wireDataProblem gives it. Parsing costs what the text holds (a line of a million `[`: seconds
 * and gigabytes, issue 33); this one pass over its characters costs a few milliseconds a megabyte.
 * Strings are skipped, so brackets and commas in text do not count. Text this passes may still be no
 * JSON at all: the parser says so.
 */
export function textProblem(text: string, limits: TextLimits): WireDataProblem | null {
  // commas[d]: commas met so far directly inside the container open at depth d.
  const commas = new Int32Array(WIRE_LIMITS.depth + 2);
  let depth = 0;
  let inString = false;
  let values = 1;
  let last = 0; // the last character outside whitespace: an opening bracket before a closing one means empty
  let whitespace = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash: the next character is escaped, a quote included
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09) {
      whitespace++;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > WIRE_LIMITS.depth) return { path: pathAt(text, index).keys, message: tooDeepMessage(depth) };
      commas[depth] = 0;
    } else if (char === 0x5d || char === 0x7d) {
      if (last !== 0x5b && last !== 0x7b) values++; // the children of a container are its commas and one
      if (depth > 0) depth--;
    } else if (char === 0x2c && depth > 0) {
      if (++commas[depth]! >= WIRE_LIMITS.elements) {
        const at = pathAt(text, index);
        return {
          path: at.keys.slice(0, -1),
          message: tooMany(`${at.array ? "an array" : "an object"} of more than ${WIRE_LIMITS.elements} ${at.array ? "elements" : "fields"}`),
        };
      }
      if (++values > limits.values) return { path: [], message: valuesMessage(limits.values) };
    }
    last = char;
  }
  if (values > limits.values) return { path: [], message: valuesMessage(limits.values) };
  if (limits.compactBytes !== undefined && text.length - whitespace > limits.compactBytes)
    return { path: [], message: `its JSON is larger than ${limits.compactBytes} bytes, whitespace left out, past the limit` };
  return null;
}

/**
 * Where JSON text is at `end`: the key or index of each open container's current child, outermost first,
 * and whether the innermost is an array. Read again from the start, but only once textProblem has found
 * something: the happy path keeps no keys.
 */
function pathAt(text: string, end: number): { readonly keys: PropertyKey[]; readonly array: boolean } {
  const open: { array: boolean; child: PropertyKey }[] = [];
  let keyNext = false;
  for (let index = 0; index < end; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22) {
      const start = index;
      for (index++; index < end && text.charCodeAt(index) !== 0x22; index++) if (text.charCodeAt(index) === 0x5c) index++;
      const top = open.at(-1);
      if (keyNext && top !== undefined) top.child = JSON.parse(text.slice(start, index + 1)) as string;
      keyNext = false;
    } else if (char === 0x5b) open.push({ array: true, child: 0 });
    else if (char === 0x7b) {
      open.push({ array: false, child: "" });
      keyNext = true;
    } else if (char === 0x5d || char === 0x7d) open.pop();
    else if (char === 0x2c) {
      const top = open.at(-1);
      if (top?.array === true) top.child = (top.child as number) + 1;
      else keyNext = true;
    }
  }
  return { keys: open.map((container) => container.child), array: open.at(-1)?.array ?? false };
}
