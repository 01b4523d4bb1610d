/**
 * Renders Mermaid diagrams. Mermaid (large) is loaded by a dynamic import the first time a diagram
 * is shown, and renders one diagram at a time. The SVG it gives is put into the page in a way the
 * app's Content-Security-Policy admits (`cspMarkup.ts`).
 */
import type { Mermaid } from 'mermaid';
import { styledSvg } from './cspMarkup';

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
  const node = styledSvg(svg);
  if (node) host.replaceChildren(node);
  return node !== null;
}
