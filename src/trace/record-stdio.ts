import { Capability } from "../wire/protocol.ts";
import { conversationEnd, traceHeader, type TraceHeader } from "../wire/trace.ts";
import type { RecordOptions } from "./record-pruner.ts";

const OPERATIONS: ReadonlySet<string> = new Set(Capability.options);

/** The wire names no conversation, so a proxy records all it carries under one, named up front. */
export interface StdioRecordOptions extends Pick<RecordOptions, "now"> {
  readonly conversation?: string;
}

/**
 * Pairs the lines a runtime sends its stdio adapter with the lines the adapter answers, by request id, and
 * writes a trace line per operation exchange. It only reads the lines: whoever forwards them forwards the
 * bytes it was given, so recording cannot change an answer. The request and response go into the trace as
 * the wire carried them, byte for byte; the hello answer names the implementation in the header.
 *
 * A line that is not a JSON object with an id cannot be paired; it is counted in `unpaired`, not dropped
 * silently, and the runtime still gets it.
 */
export class StdioRecording {
  readonly #write: (line: string) => void;
  readonly #options: StdioRecordOptions;
  readonly #pending = new Map<number, { readonly request: string; readonly sentAt: string; readonly model: { call: unknown; answer?: unknown }[] }>();
  #hello: number | null = null;
  #headerWritten = false;
  /** The adapter's hello declared `model`: every exchange then records its model calls, none if it made none. */
  #declaresModel = false;
  unpaired = 0;

  constructor(write: (line: string) => void, options: StdioRecordOptions = {}) {
    this.#write = write;
    this.#options = options;
  }

  /** A line the runtime sent the adapter. */
  request(line: string): void {
    if (line.trim() === "") return;
    const message = parseMessage(line);
    if (message === null) return void this.unpaired++;
    // Protocol 1.1: the model's answer to the adapter's last call while it handles request `id`.
    if ("model_answer" in message) {
      const call = this.#pending.get(message.id)?.model.find((each) => !("answer" in each));
      if (call === undefined) return void this.unpaired++;
      call.answer = message.model_answer;
    } else if (message.op === "hello") this.#hello = message.id;
    else if (typeof message.op === "string" && OPERATIONS.has(message.op))
      this.#pending.set(message.id, { request: line.trim(), sentAt: this.#now(), model: [] });
  }

  /** A line the adapter answered. */
  response(line: string): void {
    if (line.trim() === "") return;
    const message = parseMessage(line);
    if (message === null) return void this.unpaired++;
    if (message.id === this.#hello) {
      this.#hello = null;
      const { name, capabilities } = message as { name?: unknown; capabilities?: unknown };
      if (typeof name === "string" && name !== "" && Array.isArray(capabilities)) {
        this.#header({ name, capabilities: capabilities.filter((c): c is string => typeof c === "string") });
        this.#declaresModel = capabilities.includes("model");
      }
      return;
    }
    const sent = this.#pending.get(message.id);
    if (sent === undefined) return void this.unpaired++;
    // Protocol 1.1: a call to the model while the adapter handles the request, not its answer.
    if ("model" in message) return void sent.model.push({ call: message.model });
    this.#pending.delete(message.id);
    this.#header();
    const answered = sent.model.filter((each) => "answer" in each);
    this.unpaired += sent.model.length - answered.length;
    const rest = JSON.stringify({
      sent_at: sent.sentAt,
      answered_at: this.#now(),
      ...(this.#options.conversation === undefined ? {} : { conversation: this.#options.conversation }),
      ...(this.#declaresModel || answered.length > 0 ? { model: answered } : {}),
    });
    this.#write(`{"request":${sent.request},"response":${line.trim()},${rest.slice(1)}`);
  }

  /**
   * The recording is over: a trace with no exchange still gets its header, so it reads as empty, not as
   * broken, and the conversation it recorded, if named, ends there.
   */
  end(): void {
    this.#header();
    this.unpaired += this.#pending.size;
    this.#pending.clear();
    if (this.#options.conversation !== undefined) this.#write(JSON.stringify(conversationEnd(this.#options.conversation, this.#date())));
  }

  #header(implementation?: TraceHeader["implementation"]): void {
    if (this.#headerWritten) return;
    this.#headerWritten = true;
    this.#write(JSON.stringify(traceHeader(this.#date(), "stdio", implementation)));
  }

  #now(): string {
    return this.#date().toISOString();
  }

  #date(): Date {
    return this.#options.now?.() ?? new Date();
  }
}

function parseMessage(line: string): { id: number; op?: unknown; model?: unknown; model_answer?: unknown } | null {
  try {
    const json = JSON.parse(line) as { id?: unknown } | null;
    return typeof json === "object" && json !== null && Number.isSafeInteger(json.id) ? (json as { id: number }) : null;
  } catch {
    return null;
  }
}
