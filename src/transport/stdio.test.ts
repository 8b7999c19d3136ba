import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { AdapterFault } from "../errors/adapter-fault.ts";
import type { OperationCall, Span } from "../wire/index.ts";
import type { Driver, Exchange } from "./driver.ts";
import { openStdioDriver, PIPELINE_DEPTH } from "./stdio.ts";
import type { StdioDriverOptions } from "./stdio.ts";
import { leftoverProcesses } from "../../test/helpers/processes.ts";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/adapters/", import.meta.url));
/** Every adapter these tests start carries it in its environment, so leftovers can be found in /proc. */
const MARKER = `PRUNECHECK_STDIO_TEST=${process.pid}-${Date.now()}`;
const ENV = { ...process.env, PRUNECHECK_STDIO_TEST: MARKER.split("=")[1] };

const opened: Driver[] = [];
const leftovers = () => leftoverProcesses(MARKER);

afterEach(async () => {
  await Promise.all(opened.splice(0).map((driver) => driver.close()));
  expect(await leftovers()).toEqual([]);
});

function command(fixture: string, ...args: string[]): string {
  return [`"${process.execPath}"`, `"${FIXTURES}${fixture}.mjs"`, ...args].join(" ");
}

async function open(fixture: string, options: Partial<StdioDriverOptions> = {}): Promise<Driver> {
  const driver = await openStdioDriver({ command: command(fixture), timeoutMs: 300, handshakeTimeoutMs: 3000, env: ENV, ...options });
  opened.push(driver);
  return driver;
}

function span(id: string, text = `text of ${id}`): Span {
  return { span_id: id, text, tags: ["note"], externalized_key: null };
}

function prune(...ids: string[]): OperationCall {
  return { op: "prune", window: { spans: ids.map((id) => span(id)), derivation_depth: 0 }, evict_ids: [], store: {} };
}

async function faultOf(promise: Promise<unknown>): Promise<AdapterFault> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AdapterFault) return error;
    throw error;
  }
  throw new Error("expected an AdapterFault, but the promise resolved");
}

function pidsIn(stderr: string): number[] {
  return [...stderr.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
}

async function timed<T>(promise: Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await promise;
  return [value, performance.now() - start];
}

describe("handshake", () => {
  it("takes the name and the known capabilities from hello", async () => {
    const driver = await open("echo-ok");
    expect(driver.name).toBe("echo-ok");
    expect(driver.capabilities).toEqual(["prune"]);
  });

  it("is a handshake fault when prune is not declared", async () => {
    const fault = await faultOf(open("no-prune-capability"));
    expect(fault.code).toBe("handshake");
    expect(fault.request).toEqual({ id: 0, op: "hello", protocol: 1 });
    expect(fault.detail).toContain('without "prune"');
  });

  it("is a spawn fault when the command does not exist, with the shell's complaint", async () => {
    const fault = await faultOf(open("", { command: "prunecheck-no-such-adapter --stdio" }));
    expect(fault.code).toBe("spawn");
    expect(fault.detail).toContain("127");
    expect(fault.stderrTail).toContain("not found");
  });

  it("is a spawn fault when the working directory does not exist", async () => {
    const fault = await faultOf(open("echo-ok", { cwd: "/nonexistent/prunecheck" }));
    expect(fault.code).toBe("spawn");
    expect(fault.detail).toContain('in "/nonexistent/prunecheck": spawn /bin/sh ENOENT');
  });

  it("is a handshake fault when the adapter exits first, with its stderr", async () => {
    const fault = await faultOf(open("", { command: "echo 'missing config file' >&2; exit 1" }));
    expect(fault.code).toBe("handshake");
    expect(fault.detail).toContain("exited with code 1");
    expect(fault.stderrTail).toBe("missing config file");
  });

  it("gives up on an adapter that never answers hello", async () => {
    // Long enough for Node to start and log on a loaded machine, so the stderr tail is there to check.
    const [fault, elapsed] = await timed(faultOf(open("hang-handshake", { handshakeTimeoutMs: 2000 })));
    expect(fault.code).toBe("handshake");
    expect(fault.detail).toContain("no answer within 2000 ms");
    expect(fault.stderrTail).toMatch(/^hang-handshake pid=\d+$/);
    expect(elapsed).toBeLessThan(3500);
  });

  it("is a handshake fault when stdout starts with something other than the answer", async () => {
    const fault = await faultOf(open("banner"));
    expect(fault.code).toBe("handshake");
    expect(fault.detail).toContain("not JSON");
    expect(fault.detail).toContain("banner v1.0 starting up");
  });
});

describe("send", () => {
  it("stamps fresh ids and strips them from the outcome", async () => {
    const driver = await open("echo-ok");
    const first = await driver.send(prune("a", "b"));
    const second = await driver.send(prune("c"));
    expect(first.request).toEqual({ id: 1, ...prune("a", "b") });
    expect(first.outcome).toEqual({ ok: true, window: { spans: [span("a"), span("b")], derivation_depth: 1 } });
    expect(second.request.id).toBe(2);
  });

  it("resolves a refusal as an outcome, not a fault", async () => {
    const driver = await open("echo-ok");
    const call: OperationCall = { op: "reground", window: { spans: [span("a")], derivation_depth: 1 }, store: {} };
    const { outcome } = await driver.send(call);
    expect(outcome).toEqual({ ok: false, error: { type: "UnsupportedOperation", message: "echo-ok does not implement reground", span_id: null } });
  });

  it("carries megabyte lines of emoji, combining marks and lone surrogates intact", async () => {
    const driver = await open("echo-ok", { timeoutMs: 5000 });
    const pieces = ["👩🏽‍🚀", "e\u0301", "ñ", "日本語", "שלום", "\u{1F1FA}\u{1F1E6}", "a", "\ud800", "𝄞", '\n\t"\\'];
    const spans = Array.from({ length: 48 }, (_, index) =>
      span(`s${index}`, Array.from({ length: 3600 }, (_, at) => pieces[(at + index) % pieces.length]).join("")),
    );
    const call: OperationCall = { op: "prune", window: { spans, derivation_depth: 0 }, evict_ids: [], store: { k: spans[0]!.text } };
    expect(Buffer.byteLength(JSON.stringify(call))).toBeGreaterThan(1_000_000);
    const { outcome } = await driver.send(call);
    expect(outcome).toEqual({ ok: true, window: { spans, derivation_depth: 1 } });
  });

  it("keeps one request in flight at a time, answering each in order", async () => {
    const driver = await open("echo-ok", { command: command("echo-ok", "--delay", "20") });
    const exchanges = await Promise.all(["a", "b", "c", "d", "e"].map((id) => driver.send(prune(id))));
    expect(exchanges.map((exchange) => exchange.request.id)).toEqual([1, 2, 3, 4, 5]);
    expect(exchanges.map(({ outcome }) => (outcome.ok ? outcome.window.spans[0]?.span_id : outcome.error.type))).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("pipelining", () => {
  const outcomeIds = (exchanges: readonly Exchange[]) => exchanges.map(({ outcome }) => (outcome.ok ? outcome.window.spans[0]?.span_id : "refused"));
  /** The most requests the adapter held at once, from the `held=N` lines it writes to stderr. */
  const mostHeld = (driver: Driver) => Math.max(0, ...[...driver.stderrTail().matchAll(/held=(\d+)/g)].map((match) => Number(match[1])));

  it("fills the pipeline of an adapter that declares it, up to PIPELINE_DEPTH, pairing answers in order", async () => {
    const driver = await open("echo-ok", { command: command("echo-ok", "--pipelining", "--delay", "10"), timeoutMs: 5000 });
    const ids = Array.from({ length: PIPELINE_DEPTH + 4 }, (_, index) => `s${index}`);
    const exchanges = await Promise.all(ids.map((id) => driver.send(prune(id))));
    expect(exchanges.map((exchange) => exchange.request.id)).toEqual(ids.map((_, index) => index + 1));
    expect(outcomeIds(exchanges)).toEqual(ids);
    await expect.poll(() => mostHeld(driver)).toBe(PIPELINE_DEPTH);
  });

  it("blames a crash on the oldest unanswered request and answers the rest from a fresh process, ids unchanged", async () => {
    const driver = await open("triggers", { command: command("triggers", "--pipelining") });
    const sends = ["a", "boom", "b", "c"].map((id) =>
      driver.send(prune(id)).then(
        (exchange) => exchange,
        (error: unknown) => error,
      ),
    );
    const [a, boom, b, c] = await Promise.all(sends);
    expect(outcomeIds([a, b, c] as Exchange[])).toEqual(["a", "b", "c"]);
    expect([(b as Exchange).request.id, (c as Exchange).request.id]).toEqual([3, 4]);
    expect(boom).toMatchObject({ code: "crash", detail: "exited with code 7", request: { id: 2 } });
    // The crashed process, the fresh one that answered b and c, and, once that one is ready, the spare the
    // driver starts ahead for the next fault, which may or may not have said its pid yet: waiting for
    // exactly two passed only while the spare was slower than the poll, and under load it is not.
    await expect.poll(() => new Set(pidsIn(driver.stderrTail())).size).toBeGreaterThanOrEqual(2);
    expect(new Set(pidsIn(driver.stderrTail())).size).toBeLessThanOrEqual(3);
  });

  it("blames a timeout on the request the adapter hangs on, not on the ones queued behind it", async () => {
    const driver = await open("triggers", { command: command("triggers", "--pipelining") });
    const [hang, after] = await Promise.all([faultOf(driver.send(prune("hang"))), driver.send(prune("after"))]);
    expect(hang).toMatchObject({ code: "timeout", request: { id: 1 } });
    expect(outcomeIds([after])).toEqual(["after"]);
  });

  it("blames a line that is not JSON on the request it answers", async () => {
    const driver = await open("triggers", { command: command("triggers", "--pipelining") });
    const [before, junk, after] = await Promise.all([driver.send(prune("a")), faultOf(driver.send(prune("junk"))), driver.send(prune("b"))]);
    expect(junk).toMatchObject({ code: "not_json", request: { id: 2 } });
    expect(outcomeIds([before, after])).toEqual(["a", "b"]);
  });

  it("abandons every request in flight and every one waiting when closed", async () => {
    const driver = await open("triggers", { command: command("triggers", "--pipelining"), timeoutMs: 10_000 });
    const pending = ["hang", ...Array.from({ length: PIPELINE_DEPTH + 2 }, (_, index) => `s${index}`)].map((id) => driver.send(prune(id)));
    const settled = Promise.allSettled(pending);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [, elapsed] = await timed(driver.close());
    expect(elapsed).toBeLessThan(300);
    expect((await settled).map((result) => (result.status === "rejected" ? String(result.reason) : "answered"))).toEqual(
      pending.map((_, index) => expect.stringContaining(`closed, so request ${index + 1} was abandoned`)),
    );
    expect(await leftovers()).toEqual([]);
  });
});

describe("faults", () => {
  it("times out a request that is never answered", async () => {
    const driver = await open("hang");
    const [fault, elapsed] = await timed(faultOf(driver.send(prune("a"))));
    expect(fault.code).toBe("timeout");
    expect(fault.request).toEqual({ id: 1, ...prune("a") });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
  });

  it("reports a crash with its exit code and the stderr written before it", async () => {
    const driver = await open("crash");
    const fault = await faultOf(driver.send(prune("a")));
    expect(fault.code).toBe("crash");
    expect(fault.detail).toBe("exited with code 3");
    expect(fault.stderrTail).toMatch(/^crash pid=\d+\ncrash\.mjs: giving up on request 1$/);
    expect(driver.stderrTail()).toBe(fault.stderrTail);
  });

  it.each([
    ["closes stdout but keeps running", "exec 1>&-; sleep 10", "closed its stdout but kept running"],
    ["is killed by a signal", "read line; kill -SEGV $$", "was killed by SIGSEGV"],
    ["exits while idle", "exit 0", "exited with code 0"],
  ])("reports a crash when the adapter %s", async (_, then, detail) => {
    const hello = `echo '{"id":0,"ok":true,"protocol":1,"name":"sh","capabilities":["prune"]}'`;
    const driver = await open("", { command: `read line; ${hello}; ${then}` });
    const fault = await faultOf(driver.send(prune("a")));
    expect(fault.code).toBe("crash");
    expect(fault.detail).toMatch(new RegExp(`^${detail}`));
  });

  it("reports a line that is not JSON, truncated", async () => {
    const driver = await open("junk");
    const fault = await faultOf(driver.send(prune("a")));
    expect(fault.code).toBe("not_json");
    expect(fault.detail).toContain(`"this is not json this is not json`);
    expect(fault.detail).toContain("… (510 characters)");
    expect(fault.detail.length).toBeLessThan(400);
  });

  it("reports an answer under another id", async () => {
    const driver = await open("wrong-id");
    const fault = await faultOf(driver.send(prune("a")));
    expect(fault.code).toBe("wrong_id");
    expect(fault.detail).toBe("expected id 1, got 1001");
  });

  it("renders schema issues with their paths", async () => {
    const driver = await open("bad-schema");
    const fault = await faultOf(driver.send(prune("a", "b", "c", "d")));
    expect(fault.code).toBe("schema");
    expect(fault.detail).toContain("the answer to prune request 1 is not an OperationResponse");
    expect(fault.detail).toContain("→ at window.spans[3].tags");
    expect(fault.detail).toContain("→ at window.derivation_depth");
  });

  it("treats a line written while nothing was pending as a fault, not as the next answer", async () => {
    const driver = await open("triggers");
    expect((await driver.send(prune("twice"))).outcome.ok).toBe(true);
    const fault = await faultOf(driver.send(prune("a")));
    expect(fault.code).toBe("wrong_id");
    expect(fault.request?.id).toBe(2);
    expect(fault.detail).toContain("while no request was pending");
    const next = await driver.send(prune("b"));
    expect(next.request.id).toBe(3);
    expect(next.outcome.ok).toBe(true);
  });

  it("keeps reading a chatty stderr and keeps only its tail", async () => {
    const driver = await open("chatty", { timeoutMs: 5000 });
    for (const id of ["a", "b", "c"]) expect((await driver.send(prune(id))).outcome.ok).toBe(true);
    // stderr is its own pipe: its last lines may land after the answer did.
    await expect.poll(() => driver.stderrTail().endsWith("chatty: done with request 3")).toBe(true);
    const [marker, ...lines] = driver.stderrTail().split("\n");
    expect(marker).toMatch(/^… \(\d+ earlier characters\)$/);
    expect(lines.join("\n").length).toBeLessThanOrEqual(8 * 1024);
    expect(lines).toHaveLength(50);
  });
});

describe("restart", () => {
  it("starts a fresh process on the send after a crash, and ids go on", async () => {
    const driver = await open("triggers");
    await driver.send(prune("a"));
    const fault = await faultOf(driver.send(prune("boom")));
    expect(fault.code).toBe("crash");
    expect(fault.detail).toBe("exited with code 7");
    const after = await driver.send(prune("c"));
    expect(after.request.id).toBe(3);
    expect(after.outcome).toEqual({ ok: true, window: { spans: [span("c")], derivation_depth: 1 } });
    // The new process wrote its pid before hello, but stderr and stdout are different pipes.
    await expect.poll(() => new Set(pidsIn(driver.stderrTail())).size).toBeGreaterThanOrEqual(2);
  });

  it("once a fault has killed a process, keeps the next one started ahead, so a restart does not wait for it", async () => {
    const driver = await open("slow-start-crash", { handshakeTimeoutMs: 10_000 });
    expect((await faultOf(driver.send(prune("a")))).code).toBe("crash");
    // The first restart starts from nothing; the one after it finds the spare started with it.
    expect((await faultOf(driver.send(prune("b")))).code).toBe("crash");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [fault, elapsed] = await timed(faultOf(driver.send(prune("c"))));
    expect(fault.code).toBe("crash");
    expect(elapsed).toBeLessThan(800);
  });

  it("kills a hung adapter on timeout and answers the next request from a new one", async () => {
    const driver = await open("triggers");
    expect((await faultOf(driver.send(prune("hang")))).code).toBe("timeout");
    expect((await driver.send(prune("a"))).outcome.ok).toBe(true);
    await expect.poll(() => new Set(pidsIn(driver.stderrTail())).size).toBeGreaterThanOrEqual(2);
  });

  it("reports a failed restart as a handshake fault and tries again on the next send", async () => {
    // The command succeeds once: the restart finds the flag file and exits before hello.
    const flag = `/tmp/prunecheck-stdio-${process.pid}-${Date.now()}`;
    try {
      const driver = await open("", {
        command: `if [ -e ${flag} ]; then rm ${flag}; echo 'second start' >&2; exit 4; fi; touch ${flag}; ${command("triggers")}`,
      });
      expect((await faultOf(driver.send(prune("boom")))).code).toBe("crash");
      const fault = await faultOf(driver.send(prune("a")));
      expect(fault.code).toBe("handshake");
      expect(fault.detail).toBe("hello: exited with code 4");
      expect(fault.stderrTail).toContain("second start");
      expect((await driver.send(prune("a"))).outcome.ok).toBe(true);
    } finally {
      rmSync(flag, { force: true });
    }
  });
});

describe("close", () => {
  it("lets a well-behaved adapter exit on shutdown, and may be called twice", async () => {
    const driver = await open("echo-ok");
    const [, elapsed] = await timed(driver.close());
    expect(elapsed).toBeLessThan(400);
    await driver.close();
    await expect(driver.send(prune("a"))).rejects.toThrow(/closed/);
  });

  it("kills an adapter that ignores shutdown once the grace period is over", async () => {
    const driver = await open("hang");
    const [, elapsed] = await timed(driver.close());
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(1500);
  });

  it("kills a hung adapter at once when a request is pending", async () => {
    const driver = await open("hang", { timeoutMs: 10_000 });
    const pending = driver.send(prune("a"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [, elapsed] = await timed(driver.close());
    expect(elapsed).toBeLessThan(300);
    await expect(pending).rejects.toThrow(/closed, so request 1 was abandoned/);
  });

  it("kills what the shell started, not just the shell", async () => {
    // "; exit 0" keeps the shell from exec'ing node, so the adapter is the shell's child.
    const driver = await open("", { command: `${command("hang")}; exit 0` });
    expect(await faultOf(driver.send(prune("a")))).toMatchObject({ code: "timeout" });
    expect(await leftovers()).toEqual([]);
  });
});

describe("signal", () => {
  it("kills a hung adapter at once when it aborts while a request is pending, as close does", async () => {
    const controller = new AbortController();
    const driver = await open("hang", { timeoutMs: 10_000, signal: controller.signal });
    const pending = driver.send(prune("a"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort("SIGINT");
    const [, elapsed] = await timed(expect(pending).rejects.toThrow(/closed, so request 1 was abandoned/));
    expect(elapsed).toBeLessThan(300);
    await expect(driver.send(prune("b"))).rejects.toThrow(/closed/);
    expect(await leftovers()).toEqual([]);
  });

  it("ends a hung handshake at once, as a handshake fault", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort("SIGINT"), 100);
    const [fault, elapsed] = await timed(faultOf(open("hang-handshake", { handshakeTimeoutMs: 10_000, signal: controller.signal })));
    expect(fault.code).toBe("handshake");
    expect(fault.detail).toContain("stopped by the harness");
    expect(elapsed).toBeLessThan(1000);
    expect(await leftovers()).toEqual([]);
  });

  it("starts nothing that outlives a signal that has already aborted", async () => {
    const fault = await faultOf(open("echo-ok", { signal: AbortSignal.abort("SIGTERM") }));
    expect(fault.code).toBe("handshake");
    expect(await leftovers()).toEqual([]);
  });
});

describe("model calls (protocol 1.1)", () => {
  const compact = (): OperationCall => ({
    op: "compact",
    window: { spans: [span("s1"), span("s2")], derivation_depth: 0 },
    store: {},
    budget: { unit: "chars", limit: 5 },
  });

  it("answers each call from the request's script, records every call and answer, then takes the request's answer", async () => {
    const driver = await openStdioDriver({ command: command("model-caller", "--calls", "2"), timeoutMs: 2000, env: ENV });
    opened.push(driver);
    expect(driver.capabilities).toEqual(["prune", "compact", "model"]);
    const exchange = await driver.send(compact(), {
      model: [
        { kind: "choose", pick: "everything" },
        { kind: "error", message: "Error: 429 Too Many Requests" },
      ],
    });
    expect(exchange.outcome).toMatchObject({ ok: true });
    expect(exchange.model).toEqual([
      { call: { kind: "choose", span_ids: ["s1", "s2"], prompt: "call 0" }, answer: { ok: true, evict_ids: ["s1", "s2"] } },
      {
        call: { kind: "choose", span_ids: ["s1", "s2"], prompt: "call 1" },
        answer: { ok: false, error: { code: "error", message: "Error: 429 Too Many Requests" } },
      },
    ]);
    expect(driver.stderrTail()).toContain('answer={"id":1,"model_answer":{"ok":true,"evict_ids":["s1","s2"]}}');
  });

  it("sends a model adapter one request at a time, whatever it says of pipelining", async () => {
    const driver = await openStdioDriver({ command: command("model-caller"), timeoutMs: 2000, env: ENV });
    opened.push(driver);
    const exchanges = await Promise.all([driver.send(compact()), driver.send(compact()), driver.send(compact())]);
    expect(exchanges.map((exchange) => [exchange.outcome.ok, exchange.model?.length])).toEqual([
      [true, 2],
      [true, 2],
      [true, 2],
    ]);
  });

  // [p-model-next-line]: each line the adapter writes has the timeout from the harness's last line, not from the request.
  it("gives each line after a model answer the request's timeout again, and times out the line that takes longer", async () => {
    // Five lines of 250 ms each: the request takes longer than its timeout, each line far less.
    const within = await openStdioDriver({ command: command("model-caller", "--calls", "4", "--think", "250"), timeoutMs: 1200, env: ENV });
    opened.push(within);
    const [exchange, ms] = await timed(within.send(compact()));
    expect([exchange.outcome.ok, exchange.model?.length]).toEqual([true, 4]);
    expect(ms).toBeGreaterThan(1200);
    const over = await openStdioDriver({ command: command("model-caller", "--calls", "1", "--think", "1800"), timeoutMs: 1200, env: ENV });
    opened.push(over);
    expect((await faultOf(over.send(compact()))).code).toBe("timeout");
  });

  it("holds a request to the protocol's limit of model calls", async () => {
    const driver = await openStdioDriver({ command: command("model-caller", "--calls", "9"), timeoutMs: 2000, env: ENV });
    opened.push(driver);
    const fault = await faultOf(driver.send(compact()));
    expect(fault.code).toBe("limits");
    expect(fault.message).toContain("compact request 1 made more than 8 model calls");
  });

  it.each([
    ["--bad-call", "schema", "is not a ModelCallLine"],
    ["--wrong-id", "wrong_id", "expected id 1, got 2"],
  ])("faults a bad model call (%s)", async (flag, code, detail) => {
    const driver = await openStdioDriver({ command: command("model-caller", flag), timeoutMs: 2000, env: ENV });
    opened.push(driver);
    const fault = await faultOf(driver.send(compact()));
    expect(fault.code).toBe(code);
    expect(fault.message).toContain(detail);
  });

  // Each once waited out the request's timeout for a line the harness had already taken (issue 45).
  it.each([
    ["a call and the answer", "1", '{"id":1,"ok":true,'],
    ["twelve calls", "12", '{"id":1,"model":{"kind":"choose","span_ids":["s1","s2"],"prompt":"call 1"}}'],
  ])("faults at once an adapter that writes %s in one write without reading the model's answer", async (_what, calls, line) => {
    const driver = await openStdioDriver({ command: command("model-caller", "--no-wait", "--calls", calls), timeoutMs: 60_000, env: ENV });
    opened.push(driver);
    const started = performance.now();
    const fault = await faultOf(driver.send(compact()));
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(fault.code).toBe("wrong_id");
    expect(fault.message).toContain("compact request 1: after a model call the adapter wrote another line before the harness had answered the call");
    expect(fault.line?.startsWith(line)).toBe(true);
  });

  it("faults a model call made while it handles a prune, saying the model is for summarize and compact (issue 45)", async () => {
    const driver = await openStdioDriver({ command: command("model-caller"), timeoutMs: 2000, env: ENV });
    opened.push(driver);
    const fault = await faultOf(driver.send({ op: "prune", window: compact().window, evict_ids: [], store: {} }));
    expect(fault.code).toBe("schema");
    expect(fault.message).toContain("made while it handles a prune request: an adapter calls the model only while it handles summarize or compact");
  });

  it("ignores model for a 1.0 adapter, and faults a model call it makes anyway, saying why", async () => {
    const driver = await openStdioDriver({ command: command("model-caller", "--minor", "0"), timeoutMs: 2000, env: ENV });
    opened.push(driver);
    expect(driver.capabilities).toEqual(["prune", "compact"]);
    const fault = await faultOf(driver.send(compact()));
    expect(fault.code).toBe("schema");
    expect(fault.message).toContain('only an adapter that declares "model" and "protocol_minor": 1 in hello may make');
  });
});
