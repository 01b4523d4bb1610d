/**
 * Renders Mermaid diagrams. Mermaid (large) is loaded by a dynamic import the first time a diagram
 * is shown, and renders one diagram at a time. The SVG it gives is put into the page in a way the
 * app's Content-Security-Policy admits: its `<style>` element gets the page's style nonce, and its
 * inline style attributes are applied through the CSSOM (which the policy does not restrict).
 */
import type { Mermaid } from 'mermaid';
import { pageStyleNonce } from './styleNonce';

let loading: Promise<Mermaid> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

function load(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      // Labels as SVG text: HTML labels (foreignObject) depend on inline styles.
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      suppressErrorRendering: true,
      theme: 'default',
    });
    return mermaid;
  });
  return loading;
}

export type MermaidResult = { svg: string } | { error: string };

/** Renders one diagram (after any already asked for); a syntax error gives its message. */
export function renderMermaid(code: string): Promise<MermaidResult> {
  const run = async (): Promise<MermaidResult> => {
    const mermaid = await load();
    const id = `vmark-mermaid-${++counter}`;
    try {
      const { svg } = await mermaid.render(id, code);
      return { svg };
    } catch (e) {
      document.getElementById(id)?.remove();
      document.getElementById(`d${id}`)?.remove();
      return { error: e instanceof Error ? e.message : String(e) };
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/** Puts an SVG text into `host` (replacing what it held), keeping its styles under the CSP. */
export function showSvg(host: HTMLElement, svg: string): boolean {
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName !== 'svg' || root.querySelector('parsererror')) return false;
  // The inert copy has no policy; style attributes are taken off there and set again through
  // the CSSOM once the elements are in the page.
  const styles: string[] = [];
  for (const el of [root, ...root.querySelectorAll('[style]')]) {
    const style = el.getAttribute('style');
    if (style === null) continue;
    el.removeAttribute('style');
    el.setAttribute('data-vmark-style', String(styles.length));
    styles.push(style);
  }
  for (const el of root.querySelectorAll('script, foreignObject')) el.remove();
  const nonce = pageStyleNonce();
  // Without a nonce the page came without a policy (`vite dev`), and the style applies as it is.
  if (nonce) for (const style of root.querySelectorAll('style')) style.setAttribute('nonce', nonce);
  const node = document.importNode(root, true);
  for (const el of [node, ...node.querySelectorAll('[data-vmark-style]')]) {
    const index = el.getAttribute('data-vmark-style');
    if (index === null) continue;
    el.removeAttribute('data-vmark-style');
    (el as SVGElement).style.cssText = styles[Number(index)] ?? '';
  }
  host.replaceChildren(node);
  return true;
}
