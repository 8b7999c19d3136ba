import { isUtf8 } from "node:buffer";

export interface LineReaderOptions {
  /** A line longer than this many bytes is dropped, so a runaway adapter cannot exhaust memory. */
  readonly maxLineBytes: number;
  onLine(line: string): void;
  /** Called once for each overlong line; what follows of it, up to its newline, is discarded. */
  onOverflow(): void;
  /** Called instead of onLine for a line that is not UTF-8, with the offset of its first bad byte. */
  onInvalidUtf8(line: Buffer, offset: number): void;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a byte stream into "\n"-terminated lines. Lines are split as bytes (a "\n" byte is never part
 * of a longer UTF-8 sequence) and each is checked whole before it is decoded: a decoder that turned bad
 * bytes into U+FFFD would hand the harness text the adapter never wrote. Only each new chunk is scanned
 * for newlines and each line is joined once, so a 1 MB line arriving in 64 KB chunks costs linear time.
 */
export class LineReader {
  #parts: Buffer[] = [];
  #length = 0;
  #discarding = false;

  constructor(private readonly options: LineReaderOptions) {}

  write(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      this.#append(chunk.subarray(start, newline));
      this.#finishLine();
      start = newline + 1;
    }
    this.#append(chunk.subarray(start));
  }

  /** Whether some of a line has come without its newline yet (a reader that must tell a cut last line). */
  get partial(): boolean {
    return this.#length > 0 || this.#discarding;
  }

  /** A last line without its newline still counts: an adapter that answers and then exits did answer. */
  end(): void {
    if (this.#length > 0 || this.#discarding) this.#finishLine();
  }

  #append(piece: Buffer): void {
    if (this.#discarding || piece.length === 0) return;
    this.#length += piece.length;
    if (this.#length > this.options.maxLineBytes) {
      this.#discarding = true;
      this.#parts = [];
      this.options.onOverflow();
      return;
    }
    this.#parts.push(piece);
  }

  #finishLine(): void {
    const joined = this.#parts.length === 1 ? (this.#parts[0] as Buffer) : Buffer.concat(this.#parts, this.#length);
    const discarded = this.#discarding;
    this.#parts = [];
    this.#length = 0;
    this.#discarding = false;
    if (discarded) return;
    const line = joined.at(-1) === CARRIAGE_RETURN ? joined.subarray(0, -1) : joined;
    if (isUtf8(line)) this.options.onLine(line.toString("utf8"));
    else this.options.onInvalidUtf8(line, firstInvalidByte(line));
  }
}

/**
 * Where `bytes` stop being UTF-8. Everything before the first bad byte decodes and re-encodes to itself,
 * so the first U+FFFD the decoder made that was not an encoded U+FFFD (EF BF BD) in the input marks it.
 * Only called on a line already known to be bad.
 */
export function firstInvalidByte(bytes: Buffer): number {
  const text = bytes.toString("utf8");
  let offset = 0;
  let decoded = 0;
  for (let index = text.indexOf("\ufffd"); index !== -1; index = text.indexOf("\ufffd", index + 1)) {
    offset += Buffer.byteLength(text.slice(decoded, index));
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return offset;
    offset += 3;
    decoded = index + 1;
  }
  return bytes.length;
}
