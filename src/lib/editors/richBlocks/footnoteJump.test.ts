import { describe, expect, it } from 'vitest';
import { Schema } from '@milkdown/kit/prose/model';
import { afterFirstReference, noteTextStart } from './footnoteJump';

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    footnote_definition: { group: 'block', content: 'block+', attrs: { label: { default: '' } } },
    footnote_reference: { group: 'inline', inline: true, atom: true, attrs: { label: {} } },
    text: { group: 'inline' },
  },
});

const p = (...content: Parameters<typeof schema.node>[2][]) =>
  schema.node('paragraph', null, content.flat() as never);
const ref = (label: string) => schema.node('footnote_reference', { label });
const note = (label: string, text: string) =>
  schema.node('footnote_definition', { label }, [p(schema.text(text))]);

// "Intro[^Note] more[^2]." / "Again[^note]." / [^note]: First / [^NOTE]: Second
const doc = schema.node('doc', null, [
  p(schema.text('Intro'), ref('Note'), schema.text(' more'), ref('2'), schema.text('.')),
  p(schema.text('Again'), ref('note'), schema.text('.')),
  note('note', 'First'),
  note('NOTE', 'Second'),
]);

describe('noteTextStart', () => {
  it('is the start of the first note the label calls, matched as GFM matches labels', () => {
    const at = noteTextStart(doc, 'NOTE  ');
    expect(at).not.toBeNull();
    expect(doc.resolve(at!).parent.textContent).toBe('First');
    expect(doc.resolve(at!).parentOffset).toBe(0);
    expect(noteTextStart(doc, 'note')).toBe(at);
  });

  it('is null for a reference whose note the document lacks', () => {
    expect(noteTextStart(doc, '2')).toBeNull();
  });
});

describe('afterFirstReference', () => {
  it('is just after the first reference that calls the label', () => {
    const at = afterFirstReference(doc, 'note')!;
    expect(doc.resolve(at).nodeBefore?.type.name).toBe('footnote_reference');
    expect(doc.resolve(at).nodeBefore?.attrs.label).toBe('Note');
    expect(doc.resolve(at).nodeAfter?.text).toBe(' more');
  });

  it('is null for a note nothing calls', () => {
    expect(afterFirstReference(doc, 'orphan')).toBeNull();
  });
});
