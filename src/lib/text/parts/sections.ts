/**
 * A document's outline as AI clients see it (issue 28): its headings with the lines of their
 * sections and their sizes. A section runs from its heading to the line before the next heading
 * of the same or a higher level (a smaller number), or to the end; `path` is the headings above
 * it and its own, joined by " > ".
 */
import { utf8ByteLength } from '../byteSizes';
import { indexLines, lineAt, lineEnd, type LineIndex } from './lines';

/** A heading where it starts: its level (1 is the highest), its text, its line's offset. */
export interface Heading {
  level: number;
  text: string;
  offset: number;
}

export interface Section {
  level: number;
  text: string;
  path: string;
  startLine: number;
  endLine: number;
  /** UTF-8 bytes of the section's lines, line breaks included. */
  bytes: number;
}

export const PATH_SEPARATOR = ' > ';

export function sectionsOf(text: string, headings: readonly Heading[]): Section[] {
  return sectionsIn(indexLines(text), headings);
}

export function sectionsIn(index: LineIndex, headings: readonly Heading[]): Section[] {
  const starts = headings.map((h) => lineAt(index, h.offset));
  const above: { level: number; text: string }[] = [];
  return headings.map((heading, i) => {
    let next = i + 1;
    while (next < headings.length && headings[next].level > heading.level) next++;
    const endLine = next < headings.length ? starts[next] - 1 : index.total;
    while (above.length > 0 && above[above.length - 1].level >= heading.level) above.pop();
    above.push(heading);
    const startLine = starts[i];
    const from = index.starts[startLine - 1];
    return {
      level: heading.level,
      text: heading.text,
      path: above.map((h) => h.text).join(PATH_SEPARATOR),
      startLine,
      endLine,
      bytes: utf8ByteLength(index.text.slice(from, lineEnd(index, endLine))),
    };
  });
}

/** The section `path` names, or why none or several do (the candidates, to choose from). */
export type SectionMatch =
  { ok: true; section: Section } | { ok: false; error: string; candidates: Section[] };

/**
 * The section whose path is `path`, exactly; when none has it, the sections whose own heading
 * text is `path` (a bare heading). More than one is refused with the candidates listed.
 */
export function findSection(outline: readonly Section[], path: string): SectionMatch {
  let found = outline.filter((s) => s.path === path);
  if (found.length === 0) found = outline.filter((s) => s.text === path);
  if (found.length === 1) return { ok: true, section: found[0] };
  if (found.length === 0) {
    return {
      ok: false,
      error: `No section has the path "${path}". Read view:"outline" for the paths.`,
      candidates: [],
    };
  }
  return {
    ok: false,
    error: `${found.length} sections match "${path}": use startLine and endLine of the one you mean (candidates).`,
    candidates: found,
  };
}
