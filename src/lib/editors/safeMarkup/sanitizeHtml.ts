/**
 * A sanitised, inert copy of a document's raw HTML for previews: no scripts, event handlers,
 * frames, forms or inline styles (the app's Content-Security-Policy refuses inline styles anyway),
 * and links that do not navigate the editor away.
 */
import DOMPurify from 'dompurify';
import { PARKED, parkStyles } from './cssDeclarations';

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame'];
const FORBID_ATTR = ['style', PARKED, 'id', 'name', 'formaction', 'autofocus', 'tabindex'];

export function sanitizedPreview(html: string): DocumentFragment {
  // Style attributes are renamed before parsing: the policy refuses even parsing them.
  const fragment = DOMPurify.sanitize(parkStyles(html), {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS,
    FORBID_ATTR,
  });
  for (const a of fragment.querySelectorAll('a[href]')) a.setAttribute('tabindex', '-1');
  return fragment;
}
