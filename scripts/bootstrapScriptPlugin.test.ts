import { describe, expect, it } from 'vitest';
import { moveBootstrapToFile } from './bootstrapScriptPlugin';

const PAGE = (body: string) =>
  `<!doctype html><html><head><link href="/_app/start.js" rel="modulepreload"></head><body><div class="kit-root">${body}</div></body></html>`;

const START = `
  {
    __sveltekit_x = { base: "" };
    const element = document.currentScript.parentElement;
    import("/_app/start.js").then((kit) => kit.start(element));
  }
`;

describe('moveBootstrapToFile', () => {
  it('puts the inline start-up script in a file and loads that file in its place', () => {
    const moved = moveBootstrapToFile(PAGE(`<script>${START}</script>`), '_app/bootstrap.js');
    expect(moved.html).toBe(PAGE('<script src="/_app/bootstrap.js"></script>'));
    expect(moved.script).toBe(`${START.trim()}\n`);
  });

  it('leaves scripts that already have a src alone', () => {
    const page = PAGE(`<script src="/other.js"></script><script>${START}</script>`);
    const moved = moveBootstrapToFile(page, 'boot.js');
    expect(moved.html).toBe(
      PAGE('<script src="/other.js"></script><script src="/boot.js"></script>'),
    );
  });

  it('refuses a page with no inline script, or more than one', () => {
    expect(() => moveBootstrapToFile(PAGE(''), 'boot.js')).toThrow(/found 0/);
    expect(() =>
      moveBootstrapToFile(PAGE('<script>a()</script><script>b()</script>'), 'boot.js'),
    ).toThrow(/found 2/);
  });

  it('refuses an inline script with attributes (a module, a nonce): it would not run the same from a file', () => {
    expect(() =>
      moveBootstrapToFile(PAGE('<script type="module">a()</script>'), 'boot.js'),
    ).toThrow(/attributes/);
  });
});
