import { describe, expect, it } from 'vitest';
import {
  elementBalance,
  htmlRuns,
  leadingElement,
  leavesElementOpen,
  mergeHtmlRuns,
  type FlowNode,
} from './htmlRuns';

/** Nodes for consecutive blocks of `text` separated by blank lines, typed by their first character. */
function blocks(text: string): { source: string; nodes: FlowNode[] } {
  const nodes: FlowNode[] = [];
  let offset = 0;
  for (const part of text.split('\n\n')) {
    const html = part.trimStart().startsWith('<');
    nodes.push({
      type: html ? 'html' : 'paragraph',
      value: html ? part : undefined,
      position: { start: { offset }, end: { offset: offset + part.length } },
    });
    offset += part.length + 2;
  }
  return { source: text, nodes };
}

describe('leadingElement', () => {
  it('names the element an HTML block opens with', () => {
    expect(leadingElement('<details>\n<summary>x</summary>')).toBe('details');
    expect(leadingElement('  <DIV class="a">')).toBe('div');
    expect(leadingElement('<my-widget>')).toBe('my-widget');
  });
  it('gives null for void elements, closing tags, comments', () => {
    expect(leadingElement('<br>')).toBeNull();
    expect(leadingElement('<img src="a.png">')).toBeNull();
    expect(leadingElement('</div>')).toBeNull();
    expect(leadingElement('<!-- note -->')).toBeNull();
  });
});

describe('elementBalance', () => {
  it('counts opening against closing tags of that element only', () => {
    expect(elementBalance('<details>\n<summary>a</summary>', 'details')).toBe(1);
    expect(elementBalance('<details><details></details>', 'details')).toBe(1);
    expect(elementBalance('</details>', 'details')).toBe(-1);
    expect(elementBalance('<div/>', 'div')).toBe(0);
    expect(elementBalance('<divider></div>', 'div')).toBe(-1);
  });
});

describe('htmlRuns', () => {
  it('joins an element left open with the block that closes it', () => {
    const { nodes } = blocks('<details>\n<summary>S</summary>\n\nText\n\n</details>\n\nAfter');
    expect(htmlRuns(nodes)).toEqual([{ from: 0, to: 2 }]);
  });
  it('follows nesting of the same element', () => {
    const { nodes } = blocks('<div>\n\n<div>\n\nx\n\n</div>\n\ny\n\n</div>');
    expect(htmlRuns(nodes)).toEqual([{ from: 0, to: 5 }]);
  });
  it('makes no run for a closed block or an element never closed', () => {
    expect(htmlRuns(blocks('<div>a</div>\n\ntext').nodes)).toEqual([]);
    expect(htmlRuns(blocks('<details>\n\ntext\n\nmore').nodes)).toEqual([]);
  });
  it('makes no run without offsets', () => {
    const nodes: FlowNode[] = [
      { type: 'html', value: '<div>' },
      { type: 'html', value: '</div>' },
    ];
    expect(htmlRuns(nodes)).toEqual([]);
  });
});

describe('mergeHtmlRuns', () => {
  it('replaces a run with one node holding its exact source', () => {
    const text = '<details>\n<summary>S</summary>\n\n  *Text*  \n\n</details>\n\nAfter';
    const { nodes, source } = blocks(text);
    const merged = mergeHtmlRuns(nodes, source, (value, first, last) => ({
      type: 'block',
      value,
      position: { start: first.position!.start, end: last.position!.end },
    }));
    expect(merged.map((n) => n.type)).toEqual(['block', 'paragraph']);
    expect(merged[0].value).toBe('<details>\n<summary>S</summary>\n\n  *Text*  \n\n</details>');
  });
});

describe('leavesElementOpen', () => {
  it('tells whether the last element opened is still open', () => {
    expect(leavesElementOpen(['# T\n\n', '<details>\n<summary>S</summary>\n\n', 'Text\n\n'])).toBe(
      true,
    );
    expect(leavesElementOpen(['<details>\n\n', 'Text\n\n', '</details>\n'])).toBe(false);
    expect(leavesElementOpen(['<div>a</div>\n\n', 'Text\n'])).toBe(false);
    expect(leavesElementOpen(['Text\n', '<br>\n'])).toBe(false);
  });
});
