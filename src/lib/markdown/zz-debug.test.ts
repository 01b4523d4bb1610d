import { it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { chunkSource, collectDefinitions, splitTopLevelBlocks } from './blocks';
const parse = (t: string) =>
  fromMarkdown(t, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v === null || typeof v !== 'object') return v;
  const o: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(v)) if (k !== 'position') o[k] = strip(f);
  return o;
}
it('debug', () => {
  const text = JSON.parse(process.env.DOC ?? '""') as string;
  const chunks = splitTopLevelBlocks(text);
  const defs = collectDefinitions(text);
  console.log('DEFS', JSON.stringify(defs));
  console.log('WHOLE', JSON.stringify(strip(parse(text).children), null, 0));
  for (const c of chunks) {
    const t = text.slice(c.start, c.end);
    const s = chunkSource(t, defs);
    console.log(
      'CHUNK',
      JSON.stringify(t),
      '\n   ',
      JSON.stringify(
        strip(
          parse(s.text).children.filter((n) => {
            const o = n.position?.start.offset ?? -1;
            return o >= s.chunkStart && o < s.chunkEnd;
          }),
        ),
      ),
    );
  }
});
