import { describe, expect, it } from 'vitest';
import { parkStyles, parseDeclarations } from './cssDeclarations';

describe('parseDeclarations', () => {
  it('reads properties, values and priorities in order', () => {
    expect(
      parseDeclarations('height:0.6833em;vertical-align: -0.05em ; COLOR: red !important;'),
    ).toEqual([
      { property: 'height', value: '0.6833em', priority: '' },
      { property: 'vertical-align', value: '-0.05em', priority: '' },
      { property: 'color', value: 'red', priority: 'important' },
    ]);
  });
  it('keeps semicolons inside quotes and parentheses, and custom properties', () => {
    expect(parseDeclarations(`font-family: "a;b", x; background: url(a;b.png); --k: v`)).toEqual([
      { property: 'font-family', value: '"a;b", x', priority: '' },
      { property: 'background', value: 'url(a;b.png)', priority: '' },
      { property: '--k', value: 'v', priority: '' },
    ]);
  });
  it('leaves out what is not a declaration', () => {
    expect(parseDeclarations('; nothing ; :x; a:; max-width: 12px')).toEqual([
      { property: 'max-width', value: '12px', priority: '' },
    ]);
  });
});

describe('parkStyles', () => {
  it('renames quoted style attributes of any tag, and nothing else', () => {
    expect(
      parkStyles('<span class="a" style="height:1em;"><b STYLE = \'x:y\'>style="t"</b></span>'),
    ).toBe(
      '<span class="a" data-vmark-style="height:1em;"><b data-vmark-style=\'x:y\'>style="t"</b></span>',
    );
  });
});
