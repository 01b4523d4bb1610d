import { describe, expect, it } from 'vitest';
import { parseDocument } from './dom.js';
import { toMarkdown } from './markdown.js';

const PAGE = 'https://user:pw@example.com/dir/page.html?token=secret#top';

function md(body: string, url = PAGE): string {
  const doc = parseDocument(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`);
  return toMarkdown(doc.body, url);
}

describe('blocks', () => {
  it('writes headings, paragraphs, rules and hard breaks', () => {
    expect(md('<h2>Title</h2><p>One <b>bold</b> and <i>it</i>.</p><hr><p>a<br>b</p>')).toBe(
      '## Title\n\nOne **bold** and *it*.\n\n---\n\na\\\nb',
    );
  });

  it('ends a paragraph at two line breaks in a row', () => {
    expect(md('<div>first<br><br>second</div>')).toBe('first\n\nsecond');
  });

  it('collapses whitespace and keeps words apart', () => {
    expect(md('<p>  a \n\t b&nbsp;c  </p><div>d<span> e </span>f</div>')).toBe('a b c\n\nd e f');
  });

  it('writes nested lists, ordered lists from their start, and quotes', () => {
    expect(md('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>')).toBe('- a\n  - b\n- c');
    expect(md('<ol start="3"><li>x</li><li>y</li></ol>')).toBe('3. x\n4. y');
    expect(md('<blockquote><p>q1</p><p>q2</p></blockquote>')).toBe('> q1\n>\n> q2');
  });

  it('writes a simple table as GFM and a layout table as blocks', () => {
    expect(
      md('<table><tr><th>Name</th><th>Value</th></tr><tr><td>a|b</td><td>1</td></tr></table>'),
    ).toBe('| Name | Value |\n| --- | --- |\n| a\\|b | 1 |');
    expect(md('<table><tr><td><p>one</p><p>two</p></td><td>three</td></tr></table>')).toBe(
      'one\n\ntwo\n\nthree',
    );
  });

  it('drops headings left with nothing under them', () => {
    expect(md('<h2>A</h2><p>a</p><h2>Empty</h2><h2>B</h2><h3>B1</h3><p>b</p><h2>Refs</h2>')).toBe(
      '## A\n\na\n\n## B\n\n### B1\n\nb',
    );
  });

  it('drops scripts, styles, forms and other non-text', () => {
    expect(md('<p>keep</p><script>x()</script><style>p{}</style><form>f</form><svg>s</svg>')).toBe(
      'keep',
    );
  });
});

describe('escaping page text', () => {
  it('keeps a paragraph reading "# Sale" a paragraph', () => {
    expect(md('<p># Sale</p>')).toBe('\\# Sale');
    expect(md('<p>1. not a list</p><p>- nor this</p><p>&gt; nor a quote</p>')).toBe(
      '1\\. not a list\n\n\\- nor this\n\n\\> nor a quote',
    );
  });

  it('escapes line starts after hard breaks and across inline elements', () => {
    expect(md('<p>intro<br># not heading</p>')).toBe('intro\\\n\\# not heading');
    expect(md('<p><span>1.</span> item</p>')).toBe('1\\. item');
  });

  it('keeps page markup and emphasis characters literal', () => {
    expect(md('<p>&lt;img src=x onerror=alert(1)&gt; *stars* _under_ [x](y)</p>')).toBe(
      '\\<img src=x onerror=alert(1)> \\*stars\\* \\_under\\_ \\[x\\](y)',
    );
  });

  it('keeps a "!" before a link from making the link an image', () => {
    expect(md('<p>Wow!<a href="/x">pic</a></p>')).toBe('Wow\\![pic](https://example.com/x)');
  });

  it('keeps two code spans side by side apart', () => {
    expect(md('<p><code>a`</code><code>`b</code></p>')).toBe('`` a` `` `` `b ``');
  });

  it('keeps a trailing # of a heading as text', () => {
    expect(md('<h3>Issue #</h3>')).toBe('### Issue \\#');
  });
});

describe('code', () => {
  it('fences inline code past the backticks it holds', () => {
    expect(md('<p>run <code>a `b` c</code> now</p>')).toBe('run ``a `b` c`` now');
  });

  it('gives a <pre> holding ``` a longer fence, and keeps its text unescaped', () => {
    expect(md('<pre>```\n# not *escaped*\n```</pre>')).toBe(
      '````\n```\n# not *escaped*\n```\n````',
    );
    expect(md('<pre><code class="language-js">let a = 1;\nlet b = 2;</code></pre>')).toBe(
      '```js\nlet a = 1;\nlet b = 2;\n```',
    );
  });
});

describe('links and images', () => {
  it('resolves relative URLs against the page, without its userinfo, query or fragment', () => {
    expect(md('<p><a href="other.html">other</a> <a href="/root?x=1">root</a></p>')).toBe(
      '[other](https://example.com/dir/other.html) [root](https://example.com/root?x=1)',
    );
    expect(md('<p><a href="?page=2">next</a></p>')).toBe(
      '[next](https://example.com/dir/page.html?page=2)',
    );
  });

  it('wraps destinations with spaces or parentheses in angle brackets', () => {
    expect(md('<p><a href="/wiki/Foo_(bar)">Foo</a></p>')).toBe(
      '[Foo](<https://example.com/wiki/Foo_(bar)>)',
    );
  });

  it('keeps only the text of in-page, script and empty links', () => {
    expect(
      md('<p><a href="#sec">jump</a> <a href="javascript:evil()">js</a> <a>none</a></p>'),
    ).toBe('jump js none');
    expect(md('<p>x<a href="/a"> </a>y</p>')).toBe('x y');
  });

  it('escapes link text and keeps spaces outside the brackets', () => {
    expect(md('<p>see<a href="/a"> the *best* </a>page</p>')).toBe(
      'see [the \\*best\\*](https://example.com/a) page',
    );
  });

  it('writes images with their alt text, preferring a real source over a placeholder', () => {
    expect(md('<p><img src="/i.png" alt="a [b]"></p>')).toBe(
      '![a \\[b\\]](https://example.com/i.png)',
    );
    expect(md('<p><img src="data:image/gif;base64,R0l" data-src="/real.jpg" alt="r"></p>')).toBe(
      '![r](https://example.com/real.jpg)',
    );
    expect(md('<p><a href="/big"><img src="/small.png" alt="pic"></a></p>')).toBe(
      '[![pic](https://example.com/small.png)](https://example.com/big)',
    );
  });
});
