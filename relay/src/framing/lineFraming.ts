/**
 * Newline-delimited framing for stdio: one JSON-RPC message per line, `\n` or `\r\n`. Bytes are
 * collected until a newline; a line longer than the limit is dropped whole and reported once.
 */

const NEWLINE = 0x0a;

export class LineReader {
  #pieces: Buffer[] = [];
  #length = 0;
  /** Set while skipping the rest of a line that was too long. */
  #discarding = false;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onTooLong: () => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#collect(chunk.subarray(start, end));
      if (newline === -1) return;
      this.#finishLine();
      start = newline + 1;
    }
  }

  /** The input ended: a last line without a newline still counts. */
  end(): void {
    this.#finishLine();
  }

  #collect(piece: Buffer): void {
    if (this.#discarding || piece.length === 0) return;
    if (this.#length + piece.length > this.maxLineBytes) {
      this.#pieces = [];
      this.#length = 0;
      this.#discarding = true;
      this.onTooLong();
      return;
    }
    this.#pieces.push(piece);
    this.#length += piece.length;
  }

  #finishLine(): void {
    const text = this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces);
    this.#pieces = [];
    this.#length = 0;
    if (this.#discarding) {
      this.#discarding = false;
      return;
    }
    const line = text.toString('utf8').replace(/\r$/, '');
    if (line.trim() !== '') this.onLine(line);
  }
}
