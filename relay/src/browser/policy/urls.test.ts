import { describe, expect, it } from 'vitest';
import { credentialPath, originForAgent, urlForAgent, urlForPersistence } from './urls.js';

describe('URL redaction', () => {
  it('urlForAgent keeps scheme, host, port and path only', () => {
    expect(urlForAgent('https://u:p@example.com:8443/a/b?token=1#frag')).toBe(
      'https://example.com:8443/a/b',
    );
    expect(urlForAgent('http://127.0.0.1:5000/reset/abc?access_token=x')).toBe(
      'http://127.0.0.1:5000/reset/abc',
    );
    expect(urlForAgent('about:blank')).toBe('about:blank');
    expect(urlForAgent('about:srcdoc')).toBe('about:srcdoc');
    expect(urlForAgent('data:text/html,<b>secret</b>')).toBe('data:(opaque)');
    expect(urlForAgent('file:///etc/passwd')).toBe('file:(opaque)');
    expect(urlForAgent('javascript:alert(1)')).toBe('javascript:(opaque)');
    expect(urlForAgent('::nonsense')).toBe('(unparseable url)');
  });
  it('urlForAgent leaves out a default port, keeps an IPv6 host, and treats blank documents with a fragment and blob: URLs as opaque', () => {
    expect(urlForAgent('http://example.com:80/')).toBe('http://example.com/');
    expect(urlForAgent('http://[::1]:8080/p?q')).toBe('http://[::1]:8080/p');
    expect(urlForAgent('about:blank#x')).toBe('about:(opaque)');
    expect(urlForAgent('about:config')).toBe('about:(opaque)');
    expect(urlForAgent('blob:https://a.example/123-456')).toBe('blob:(opaque)');
    expect(urlForAgent('')).toBe('(unparseable url)');
  });
  it('originForAgent keeps the origin only', () => {
    expect(originForAgent('https://u:p@example.com/reset/tok?access_token=x#y')).toBe(
      'https://example.com',
    );
    expect(originForAgent('blob:https://example.com/uuid')).toBe('blob:(opaque)');
    expect(originForAgent('chrome-error://chromewebdata/')).toBe('chrome-error:(opaque)');
    expect(originForAgent('')).toBe('(unknown origin)');
  });
  it('credentialPath finds credential flows and token-like segments', () => {
    expect(credentialPath('/reset/abc')).toBe(true);
    expect(credentialPath('/account/Magic-Link')).toBe(true);
    expect(credentialPath('/sso')).toBe(true);
    expect(credentialPath('/x/abc123def456ghi789jkl')).toBe(true);
    expect(credentialPath('/docs/getting-started-with-things')).toBe(false);
    expect(credentialPath('/2024/05/article')).toBe(false);
    expect(credentialPath('/')).toBe(false);
  });
  it('urlForPersistence drops passwords and credential parameters', () => {
    expect(urlForPersistence('https://u:pw@example.com/a?q=cats&access_token=x&page=2#top')).toBe(
      'https://u@example.com/a?q=cats&page=2#top',
    );
    expect(urlForPersistence('https://example.com/a#id_token=x&state=y&tab=2')).toBe(
      'https://example.com/a#tab=2',
    );
    expect(urlForPersistence('https://example.com/reset/abc?x=1')).toBe('https://example.com/');
    expect(urlForPersistence('https://example.com/a?SessionID=1&sig=2&code=3')).toBe(
      'https://example.com/a',
    );
  });
});
