import { describe, expect, it } from 'vitest';
import { extract } from './extract.js';
import { wikipedia } from './wikipedia.js';

const PROSE =
  'Foo is a small fictional town on the northern bank of the river, known for its covered ' +
  'bridges, its autumn fair and a long history of clockmaking that began in the eighteenth century';

const ARTICLE = `<!DOCTYPE html><html><head><title>Foo - Wikipedia</title></head><body>
<div id="mw-navigation"><h2>Navigation menu</h2><ul><li><a href="/wiki/Main_Page">Main page</a></li></ul></div>
<div id="content">
  <a class="mw-jump-link" href="#searchInput">Jump to search</a>
  <h1 id="firstHeading">Foo</h1>
  <div id="siteSub">From Wikipedia, the free encyclopedia</div>
  <div id="mw-content-text"><div class="mw-parser-output">
    <div role="note" class="hatnote">For the programming term, see Foobar.</div>
    <table class="box-Refimprove metadata ambox"><tr><td>This article needs additional citations.</td></tr></table>
    <table class="infobox"><tr><th>Population</th><td>1,234 inhabitants</td></tr><tr><th>Mayor</th><td>Jane Roe</td></tr></table>
    <p>${PROSE}.<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup></p>
    <div id="toc" class="toc"><h2>Contents</h2><ul><li><a href="#History">1 History</a></li></ul></div>
    <h2><span class="mw-headline" id="History">History</span><span class="mw-editsection">[<a href="/w/index.php?title=Foo&amp;action=edit&amp;section=1">edit</a>]</span></h2>
    <p>${PROSE}, and its <a href="/wiki/Clock">clocks</a> are still sold.<sup class="reference"><a href="#cite_note-2">[2]</a></sup></p>
    <p>${PROSE}.</p>
    <h2>References</h2>
    <div class="reflist"><ol class="references"><li id="cite_note-1">Smith, J. A History of Foo.</li></ol></div>
    <div role="navigation" class="navbox"><a href="/wiki/Bar">Towns of the river valley</a></div>
  </div></div>
</div>
<div id="footer"><p>Text is available under a licence.</p></div>
</body></html>`;

describe('the Wikipedia reader', () => {
  it('claims article URLs only', () => {
    const claims = (url: string) => wikipedia.match(new URL(url));
    expect(claims('https://en.wikipedia.org/wiki/Foo')).toBe(true);
    expect(claims('https://de.wikipedia.org/wiki/Star_Wars:_Episode_IV')).toBe(true);
    expect(claims('https://en.wikipedia.org/wiki/Talk:Foo')).toBe(false);
    expect(claims('https://en.wikipedia.org/wiki/User_talk:Someone')).toBe(false);
    expect(claims('https://en.wikipedia.org/wiki/Special%3ARandom')).toBe(false);
    expect(claims('https://en.wikipedia.org/')).toBe(false);
    expect(claims('https://en.wikipedia.org/w/index.php?title=Foo')).toBe(false);
  });

  const read = extract(ARTICLE, 'https://en.wikipedia.org/wiki/Foo');

  it('keeps the article text and its headings', () => {
    expect(read.title).toBe('Foo');
    expect(read.markdown).toContain('Foo is a small fictional town');
    expect(read.markdown).toContain('## History');
    expect(read.markdown).toContain('[clocks](https://en.wikipedia.org/wiki/Clock)');
  });

  it('removes infobox, navbox, hatnote, edit links, TOC, references and notices', () => {
    for (const furniture of [
      'Population',
      'Towns of the river valley',
      'For the programming term',
      'additional citations',
      '[edit]',
      'edit',
      'Contents',
      '[1]',
      '\\[1\\]',
      'Smith, J.',
      'Jump to search',
      'Navigation menu',
      'licence',
    ]) {
      expect(read.markdown).not.toContain(furniture);
    }
  });

  it('leaves talk pages and the bare host to the generic reader', () => {
    const talk = extract(ARTICLE, 'https://en.wikipedia.org/wiki/Talk:Foo');
    expect(talk.markdown).toContain('Population');
    expect(talk.markdown).toContain('\\[1\\]');
    const home = extract(ARTICLE, 'https://en.wikipedia.org/');
    expect(home.markdown).toContain('Population');
  });
});
