/** Turns the bytes of a file into a document the store can hold: kind, mode, text, read-only state. */
import { isBrowserWorkflowPath } from '../../fileKinds/browserWorkflowFile';
import { checkOpenSize, resolveKind } from '../../fileKinds/kind';
import { decodeFile } from '../../markdown/textCodec';
import { refuse, type Result } from '../../result';
import { notices, type Notice } from '../notice';
import type { NewDoc } from './docState';
import type { FileContent } from './files';

export async function readDocument(
  path: string,
  file: FileContent,
): Promise<Result<{ doc: NewDoc }>> {
  const size = checkOpenSize(file.size);
  if (!size.ok) return refuse('TOO_LARGE', `${path}: ${size.reason}`);
  const bytes = await file.bytes();
  const decoded = decodeFile(bytes);
  const text = decoded.ok ? decoded.text : decoded.lossyText;
  const kind = resolveKind(path, text);
  if (!kind.ok) return refuse('INVALID_PATH', kind.reason);
  const format = decoded.ok ? decoded.format : { bom: false, eol: 'lf' as const, mixedEol: false };
  const sourceOnly = kind.kind === 'yaml-workflow' || size.mode === 'source';
  let notice: Notice | null = null;
  if (!decoded.ok) notice = notices.notUtf8();
  else if (size.mode === 'source' && kind.kind === 'markdown') notice = notices.largeSourceOnly();
  return {
    ok: true,
    doc: {
      path,
      kind: kind.kind,
      text,
      format,
      readOnlyReason: decoded.ok ? null : notices.notUtf8ReadOnly(path),
      // A browser workflow file is a note, but its text is the workflow: it opens as source.
      mode: sourceOnly || isBrowserWorkflowPath(path) ? 'source' : 'wysiwyg',
      sourceOnly,
      notice,
    },
  };
}
