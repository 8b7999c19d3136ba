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
});

/** What is wrong with an answer, and where (relative to the value checked). */
export interface WireDataProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface Node {
  readonly value: object;
  readonly depth: number;
  readonly parent: Node | null;
  readonly key: PropertyKey | null;
}

interface Walk {
  /** A lower bound on the JSON text's length in bytes: every UTF-16 code unit is at least one byte. */
  size: number;
  readonly pending: Node[];
}

/**
 * Why `value` is not JSON data within WIRE_LIMITS, or null when it is: plain objects, arrays, strings,
 * finite numbers, booleans and null (and undefined where JSON leaves it out), nested at most
 * WIRE_LIMITS.depth deep counting `value` as level `rootDepth`, no cycle, its JSON no larger than a line.
 * Iterative and stopping at the first problem, so neither a 100,000-deep nor a cyclic nor a huge
 * value can exhaust the stack or the time spent here.
 */
export function wireDataProblem(value: unknown, rootDepth = 1): WireDataProblem | null {
  const walk: Walk = { size: 0, pending: [] };
  let problem = enter(walk, value, null, null, rootDepth);
  for (let node = walk.pending.pop(); problem === null && node !== undefined; node = walk.pending.pop()) {
    problem = enterChildren(walk, node);
  }
  return problem;
}

/** One line in the style of zod issues (`✖ message → at path`). */
export function describeWireDataProblem(problem: WireDataProblem): string {
  return `✖ ${problem.message} → at ${formatPath(problem.path)}`;
}

function enterChildren(walk: Walk, node: Node): WireDataProblem | null {
  if (Array.isArray(node.value)) {
    const items = node.value as readonly unknown[];
    for (let index = 0; index < items.length; index++) {
      const problem = enter(walk, items[index], node, index, node.depth + 1);
      if (problem !== null) return problem;
    }
    return null;
  }
  const record = node.value as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(record)) {
    walk.size += key.length + 3;
    const problem = enter(walk, record[key], node, key, node.depth + 1);
    if (problem !== null) return problem;
  }
  return null;
}

/** Checks a primitive at once; an array or object is queued, so the walk needs no stack of its own. */
function enter(walk: Walk, value: unknown, parent: Node | null, key: PropertyKey | null, depth: number): WireDataProblem | null {
  switch (typeof value) {
    case "string":
      walk.size += value.length + 2;
      break;
    case "number":
      if (!Number.isFinite(value)) {
        return at(parent, key, `${value} is a number outside the wire range: JSON numbers on the wire are finite (a literal such as 1e400 overflows to Infinity), and ids and depths are integers from 0 to 2^53−1`);
      }
      walk.size += 1;
      break;
    case "boolean":
      walk.size += 4;
      break;
    case "undefined":
      break;
    case "object": {
      walk.size += value === null ? 4 : 2;
      if (value === null) break;
      const node: Node = { value, depth, parent, key };
      if (depth > WIRE_LIMITS.depth) return tooDeep(node);
      if (!isPlain(value)) return at(parent, key, `a ${value.constructor?.name ?? "exotic"} object is not JSON data: answers are plain objects, arrays, strings, finite numbers, booleans and null`);
      walk.pending.push(node);
      break;
    }
    default:
      return at(parent, key, `a ${typeof value} is not JSON data: answers are plain objects, arrays, strings, finite numbers, booleans and null`);
  }
  if (walk.size <= WIRE_LIMITS.lineBytes) return null;
  return { path: [], message: `the answer is larger than a protocol line allows: its JSON exceeds ${WIRE_LIMITS.lineBytes} bytes` };
}

function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) ? prototype === Array.prototype : prototype === Object.prototype || prototype === null;
}

/**
 * Past the depth limit either the value is cyclic (some object on the way down is its own ancestor) or
 * it is just deep; telling the two apart costs a look along one path, once.
 */
function tooDeep(node: Node): WireDataProblem {
  const chain: Node[] = [];
  for (let step: Node | null = node; step !== null; step = step.parent) chain.unshift(step);
  for (let later = 1; later < chain.length; later++) {
    const earlier = chain.findIndex((ancestor) => ancestor.value === (chain[later] as Node).value);
    if (earlier < later) {
      return { path: pathOf(chain[later] as Node), message: `the value is cyclic, which JSON cannot carry: this is the same object as the one at ${formatPath(pathOf(chain[earlier] as Node))}` };
    }
  }
  return { path: pathOf(node), message: `arrays and objects are nested ${node.depth} deep here, past the protocol's limit of ${WIRE_LIMITS.depth} (an answer is level 1, its window level 2)` };
}

function at(parent: Node | null, key: PropertyKey | null, message: string): WireDataProblem {
  return { path: key === null ? [] : [...(parent === null ? [] : pathOf(parent)), key], message };
}

function pathOf(node: Node): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let step: Node | null = node; step !== null && step.key !== null; step = step.parent) path.unshift(step.key);
  return path;
}
