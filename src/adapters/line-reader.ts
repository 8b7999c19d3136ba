import { StringDecoder } from "node:string_decoder";

export interface LineReaderOptions {
  /** A line longer than this (in UTF-16 code units) is dropped, so a runaway adapter cannot exhaust memory. */
  readonly maxLineLength: number;
  onLine(line: string): void;
  /** Called once for each overlong line; what follows of it, up to its newline, is discarded. */
  onOverflow(): void;
}

/**
 * Splits a byte stream into "\n"-terminated lines. Bytes pass through a StringDecoder, so a UTF-8
 * sequence cut between two chunks is decoded whole; only each new chunk is scanned for newlines, so a
 * 1 MB line arriving in 64 KB chunks costs linear time.
 */
export class LineReader {
  readonly #decoder = new StringDecoder("utf8");
  #parts: string[] = [];
  #length = 0;
  #discarding = false;

  constructor(private readonly options: LineReaderOptions) {}

  write(chunk: Buffer): void {
    this.#scan(this.#decoder.write(chunk));
  }

  /** A last line without its newline still counts: an adapter that answers and then exits did answer. */
  end(): void {
    this.#scan(this.#decoder.end());
    if (this.#length > 0 || this.#discarding) this.#finishLine();
  }

  #scan(text: string): void {
    let start = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
      this.#append(text.slice(start, newline));
      this.#finishLine();
      start = newline + 1;
    }
    this.#append(text.slice(start));
  }

  #append(piece: string): void {
    if (this.#discarding || piece.length === 0) return;
    this.#length += piece.length;
    if (this.#length > this.options.maxLineLength) {
      this.#discarding = true;
      this.#parts = [];
      this.options.onOverflow();
      return;
    }
    this.#parts.push(piece);
  }

  #finishLine(): void {
    const line = this.#parts.join("");
    const discarded = this.#discarding;
    this.#parts = [];
    this.#length = 0;
    this.#discarding = false;
    if (!discarded) this.options.onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  }
}
