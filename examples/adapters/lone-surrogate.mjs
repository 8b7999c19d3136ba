// `node examples/adapters/lone-surrogate.mjs "<adapter command>"`: does the adapter give back a text holding
// a lone surrogate exactly ([p-strings-exact])? prunecheck's generators do not send one yet, so this asks
// directly: hello, then a prune that keeps a span whose text is "a\ud800b". Exit 0 when it comes back whole.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const TEXT = "a\ud800b";
const adapter = spawn("sh", ["-c", process.argv[2] ?? ""], { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: adapter.stdout })[Symbol.asyncIterator]();
const ask = async (request) => {
  adapter.stdin.write(`${JSON.stringify(request)}\n`);
  const { value } = await lines.next();
  return value;
};

await ask({ id: 0, op: "hello", protocol: 1 });
const span = { span_id: "s1", text: TEXT, tags: [], externalized_key: "k1" };
const line = await ask({ id: 1, op: "prune", window: { spans: [span], derivation_depth: 0 }, evict_ids: [], store: { k1: TEXT } });
adapter.stdin.end();
const text = (() => {
  try {
    return JSON.parse(line ?? "").window?.spans?.[0]?.text;
  } catch {
    return undefined;
  }
})();
const exact = text === TEXT;
console.log(
  `${exact ? "exact" : "CHANGED"}: sent ${JSON.stringify(TEXT)}, got ${text === undefined ? `the line ${JSON.stringify(line)}` : JSON.stringify(text)}`,
);
process.exitCode = exact ? 0 : 1;
