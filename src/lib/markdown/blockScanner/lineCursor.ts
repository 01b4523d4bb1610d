/**
 * A read position inside one line that knows its column, so indentation can be measured and
 * consumed the way CommonMark does: tabs advance to the next multiple of four columns and may be
 * consumed partly (a list item or block quote can eat one column of a tab).
 */

import { SPACE, TAB, isSpaceOrTab } from './charCodes';

/** A saved cursor position, for backing out of a construct that did not match. */
export interface CursorMark {
  readonly pos: number;
  readonly col: number;
  readonly partial: number;
}

export class LineCursor {
  /** Index of the next character not yet consumed. */
  pos: number;
  /** Column reached so far (0-based, tabs expanded). */
  col = 0;
  /** Columns of the tab at `pos` already consumed; 0 when not inside a tab. */
  partial = 0;

  constructor(
    readonly src: string,
    readonly lineStart: number,
    readonly lineEnd: number,
  ) {
    this.pos = lineStart;
  }

  mark(): CursorMark {
    return { pos: this.pos, col: this.col, partial: this.partial };
  }

  reset(mark: CursorMark): void {
    this.pos = mark.pos;
    this.col = mark.col;
    this.partial = mark.partial;
  }

  /** The code at the cursor: a partly consumed tab reads as a space, the line end as -1. */
  peek(): number {
    if (this.partial > 0) return SPACE;
    return this.pos < this.lineEnd ? this.src.charCodeAt(this.pos) : -1;
  }

  /** The code `offset` characters past the cursor (only meaningful outside a tab). */
  peekAt(offset: number): number {
    const index = this.pos + offset;
    return index < this.lineEnd ? this.src.charCodeAt(index) : -1;
  }

  /** Consumes one character that is not a space or tab. */
  advance(): void {
    this.pos += 1;
    this.col += 1;
  }

  /** Columns of spaces and tabs ahead of the cursor. */
  indent(): number {
    let columns = 0;
    let column = this.col;
    let index = this.pos;
    if (this.partial > 0) {
      const rest = tabWidth(this.col - this.partial) - this.partial;
      columns += rest;
      column += rest;
      index += 1;
    }
    while (index < this.lineEnd) {
      const code = this.src.charCodeAt(index);
      if (code === SPACE) {
        columns += 1;
        column += 1;
      } else if (code === TAB) {
        const width = tabWidth(column);
        columns += width;
        column += width;
      } else break;
      index += 1;
    }
    return columns;
  }

  /** True when nothing but spaces and tabs is left on the line. */
  restIsBlank(): boolean {
    for (let index = this.pos; index < this.lineEnd; index += 1) {
      if (!isSpaceOrTab(this.src.charCodeAt(index))) return false;
    }
    return true;
  }

  /** Consumes up to `max` columns of spaces and tabs; returns how many columns it consumed. */
  skipSpaces(max = Number.POSITIVE_INFINITY): number {
    let taken = 0;
    while (taken < max && this.pos < this.lineEnd) {
      const code = this.src.charCodeAt(this.pos);
      if (code === SPACE) {
        this.pos += 1;
        this.col += 1;
        taken += 1;
      } else if (code === TAB) {
        const width = tabWidth(this.col - this.partial);
        const take = Math.min(width - this.partial, max - taken);
        this.col += take;
        this.partial += take;
        taken += take;
        if (this.partial === width) {
          this.pos += 1;
          this.partial = 0;
        }
      } else break;
    }
    return taken;
  }

  /** Index of the first character at or after the cursor that is not a space or tab. */
  firstNonSpace(): number {
    let index = this.pos;
    while (index < this.lineEnd && isSpaceOrTab(this.src.charCodeAt(index))) index += 1;
    return index;
  }
}

/** Width of a tab that starts at `column`. */
function tabWidth(column: number): number {
  return 4 - (column % 4);
}
