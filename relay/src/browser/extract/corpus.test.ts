/**
 * extract on the saved pages of tests/corpus/pages, scored by word F1 (wordF1.ts) against the
 * reading kept beside each page. The floors are the scores measured when they were set, less 0.02,
 * so a change that reads any page worse shows here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { median, scorePage } from './corpus.js';

const PAGES = new URL('../../../../tests/corpus/pages/', import.meta.url);

const FLOORS: Record<string, number> = {
  'ars-1': 0.94, // measured 0.969
  'bbc-1': 0.94, // measured 0.961
  engadget: 0.97, // measured 0.996
  folha: 0.97, // measured 0.995
  'gitlab-blog': 0.98, // measured 1.000
  'guardian-1': 0.98, // measured 1.000
  heise: 0.98, // measured 1.000
  'hidden-nodes': 0.92, // measured 0.943
  'ietf-1': 0.98, // measured 1.000
  'keep-tabular-data': 0.97, // measured 0.999
  'lazy-image-1': 0.96, // measured 0.983
  'lemonde-1': 0.98, // measured 1.000
  'lwn-1': 0.97, // measured 0.999
  'medium-1': 0.97, // measured 0.997
  'medium-3': 0.97, // measured 0.998
  'mozilla-1': 0.88, // measured 0.905
  'nytimes-1': 0.98, // measured 1.000
  'nytimes-3': 0.93, // measured 0.955
  pixnet: 0.97, // measured 0.995
  qq: 0.94, // measured 0.966
  'rtl-1': 0.98, // measured 1.000
  theverge: 0.97, // measured 0.994
  wikipedia: 0.78, // measured 0.810
  'wikipedia-2': 0.65, // measured 0.678
  'wikipedia-3': 0.9, // measured 0.923
  'wikipedia-4': 0.73, // measured 0.759
};

const names = readdirSync(PAGES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const scores = names.map((name) => {
  const read = (file: string) => readFileSync(new URL(`${name}/${file}`, PAGES), 'utf8');
  return scorePage(name, read('source.html'), read('expected.html'));
});

describe('extract on the corpus of saved pages', () => {
  it('has a floor for every page and a page for every floor', () => {
    expect(names).toEqual(Object.keys(FLOORS).sort());
  });

  it('reads the pages with a median word F1 of at least 0.9', () => {
    expect(median(scores.map((s) => s.f1))).toBeGreaterThanOrEqual(0.9);
  });

  it.each(scores.map((s) => [s.name, s] as const))(
    'reads %s at least as well as before',
    (name, s) => {
      expect(s.f1).toBeGreaterThanOrEqual(FLOORS[name] ?? 1);
    },
  );
});
