/**
 * The context manifests of a workspace on disk: `.vmark/contexts/*.json`, read into a ContextSet
 * (a file that cannot be read is listed with the reason) and written back whole.
 */
import { loadContexts, type ContextSet, type ManifestWrite } from './contexts';
import type { LedgerFs } from '../ledger/ledgerFs';

export const CONTEXTS_DIR = '.vmark/contexts';

export async function readContextSet(fs: LedgerFs): Promise<ContextSet> {
  const names = ((await fs.list(CONTEXTS_DIR)) ?? []).filter((n) => n.endsWith('.json'));
  const files = await Promise.all(
    names.sort().map(async (fileName) => {
      try {
        const bytes = await fs.read(`${CONTEXTS_DIR}/${fileName}`);
        return bytes
          ? { fileName, text: new TextDecoder().decode(bytes) }
          : { fileName, unreadable: 'the file went away while it was read' };
      } catch (e) {
        return { fileName, unreadable: e instanceof Error ? e.message : String(e) };
      }
    }),
  );
  return loadContexts(files);
}

/** Replaces one manifest file at once. */
export async function writeManifest(fs: LedgerFs, write: ManifestWrite): Promise<void> {
  await fs.write(`${CONTEXTS_DIR}/${write.fileName}`, new TextEncoder().encode(write.text));
}
