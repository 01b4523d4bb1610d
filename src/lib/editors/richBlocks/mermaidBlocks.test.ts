import { describe, expect, it } from 'vitest';
import { Schema } from '@milkdown/kit/prose/model';
import { isMermaidLanguage, mermaidBlocks } from './mermaidBlocks';

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'text*' },
    code_block: { group: 'block', content: 'text*', attrs: { language: { default: '' } } },
    text: {},
  },
});

describe('isMermaidLanguage', () => {
  it('accepts mermaid in any case, nothing else', () => {
    expect(isMermaidLanguage('mermaid')).toBe(true);
    expect(isMermaidLanguage('Mermaid ')).toBe(true);
    expect(isMermaidLanguage('mermaidjs')).toBe(false);
    expect(isMermaidLanguage('')).toBe(false);
    expect(isMermaidLanguage(null)).toBe(false);
  });
});

describe('mermaidBlocks', () => {
  it('lists the top-level Mermaid code blocks with their code and end', () => {
    const doc = schema.node('doc', null, [
      schema.node('paragraph', null, [schema.text('Hi')]),
      schema.node('code_block', { language: 'mermaid' }, [schema.text('graph TD\nA-->B')]),
      schema.node('code_block', { language: 'js' }, [schema.text('x')]),
    ]);
    const first = doc.child(0).nodeSize;
    expect(mermaidBlocks(doc)).toEqual([
      { end: first + doc.child(1).nodeSize, code: 'graph TD\nA-->B' },
    ]);
  });
});
