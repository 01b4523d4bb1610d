import { describe, expect, it } from 'vitest';
import { originForAgent, urlForAgent } from './urls.js';

describe('urlForAgent keeps scheme, host, port and path only', () => {
  it('drops userinfo, query and fragment', () => {
    expect(urlForAgent('https://user:secret@Example.COM:8443/a/b%20c?token=x#frag')).toBe(
      'https://example.com:8443/a/b%20c',
    );
    expect(urlForAgent('http://example.com/reset?access_token=abc')).toBe(
      'http://example.com/reset',
    );
  });

  it('leaves out a default port and keeps an IPv6 host in brackets', () => {
    expect(urlForAgent('http://example.com:80/')).toBe('http://example.com/');
    expect(urlForAgent('http://[::1]:8080/p?q')).toBe('http://[::1]:8080/p');
  });

  it('gives the blank documents as they are, and opaque URLs as their scheme only', () => {
    expect(urlForAgent('about:blank#x')).toBe('about:blank');
    expect(urlForAgent('about:srcdoc')).toBe('about:srcdoc');
    expect(urlForAgent('about:config')).toBe('about:(opaque)');
    expect(urlForAgent('data:text/html,<p>secret</p>')).toBe('data:(opaque)');
    expect(urlForAgent('file:///home/someone/notes.txt')).toBe('file:(opaque)');
    expect(urlForAgent('javascript:alert(1)')).toBe('javascript:(opaque)');
  });

  it('reduces a blob: URL to the origin that made it', () => {
    expect(urlForAgent('blob:https://a.example/123-456')).toBe('blob:https://a.example');
  });

  it('fails closed on what cannot be parsed', () => {
    expect(urlForAgent('not a url')).toBe('(unparseable url)');
    expect(urlForAgent('')).toBe('(unparseable url)');
  });
});

describe('originForAgent gives the origin alone', () => {
  it('keeps scheme, host and a non-default port', () => {
    expect(originForAgent('https://u:p@example.com:8443/reset/abc?token=1#x')).toBe(
      'https://example.com:8443',
    );
    expect(originForAgent('https://example.com/path')).toBe('https://example.com');
  });

  it('gives opaque origins as their scheme and bad input as a placeholder', () => {
    expect(originForAgent('data:text/plain,hi')).toBe('data:(opaque)');
    expect(originForAgent('about:blank')).toBe('about:(opaque)');
    expect(originForAgent('::')).toBe('(unknown origin)');
  });
});
