/** The outline of a markdown document: its ATX and setext headings (not in code or front matter). */
import { outlineOf } from '../outline';
import { sectionsOf, type Section } from './sections';

export function markdownOutline(text: string): Section[] {
  return sectionsOf(text, outlineOf(text));
}
