/** The core's IndexedDB: folder handles, settings, the tab layout and unsaved drafts. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CredentialStorage, StoredCredential } from '../hub/clientCredentials';
import type { EditorMode, DocKind, Settings } from '../types';
import type { Draft, DraftRecord } from './draftLog';

export type { Draft };

export interface StoredFolder {
  mount: string;
  handle: FileSystemDirectoryHandle;
}

export interface StoredTab {
  id: string;
  windowId: string;
  path: string | null;
  kind: DocKind;
  mode: EditorMode;
  active: boolean;
}

interface VmarkDB extends DBSchema {
  folders: { key: string; value: StoredFolder };
  /** `settings`: the Settings; `clientCredentials`: the AI clients' credentials, hashed. */
  settings: { key: string; value: Settings | StoredCredential[] | string };
  layout: { key: string; value: StoredTab[] };
  /** Bases under their tab's id, and the edits made after them (draftLog.ts). */
  drafts: { key: string; value: DraftRecord };
}

export type Db = IDBPDatabase<VmarkDB>;

export function openCoreDb(name = 'vmark-web'): Promise<Db> {
  return openDB<VmarkDB>(name, 1, {
    upgrade(db) {
      db.createObjectStore('folders', { keyPath: 'mount' });
      db.createObjectStore('settings');
      db.createObjectStore('layout');
      db.createObjectStore('drafts', { keyPath: 'tabId' });
    },
  });
}

/**
 * This browser profile's coherence writer id (a UUIDv7 made once, kept beside the settings, never
 * in a workspace): a second browser or profile is a second writer, as a second install of
 * desktop VMark is.
 */
export async function coherenceWriterId(db: Db, mint: () => string): Promise<string> {
  const tx = db.transaction('settings', 'readwrite');
  const known = await tx.store.get('coherenceWriter');
  if (typeof known === 'string') return known;
  const id = mint();
  await tx.store.put(id, 'coherenceWriter');
  await tx.done;
  return id;
}

/** Where the client credentials live: beside the settings, under their own key. */
export function credentialStorage(db: Db): CredentialStorage {
  return {
    load: () => db.get('settings', 'clientCredentials'),
    save: async (list) => void (await db.put('settings', list, 'clientCredentials')),
  };
}
