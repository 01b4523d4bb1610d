/**
 * Messages the core has for the person (a tab's notice bar, a toast, a read-only reason). Each
 * carries an id and values, which the window words in its own language, and the English
 * sentence, which AI clients see and which a window shows for an id it does not know.
 */

export type NoticeId =
  /** A sentence that has no id of its own (an IO failure's text): shown as written. */
  | 'message'
  | 'notUtf8'
  | 'notUtf8ReadOnly'
  | 'largeSourceOnly'
  | 'draftRestored'
  | 'draftsRestored'
  | 'fileGone'
  | 'fileDeleted'
  | 'coherenceNotUpdated'
  | 'saveAsNeedsApproval';

export type NoticeParams = Record<string, string | number>;

export interface Notice {
  id: NoticeId;
  params: NoticeParams;
  text: string;
}

function notice(id: NoticeId, params: NoticeParams, text: string): Notice {
  return { id, params, text };
}

export const notices = {
  message: (text: string) => notice('message', {}, text),
  notUtf8: () =>
    notice(
      'notUtf8',
      {},
      'This file is not valid UTF-8, so it will open read-only. VMark Web will never write to it.',
    ),
  notUtf8ReadOnly: (path: string) =>
    notice('notUtf8ReadOnly', { path }, `${path} is not valid UTF-8; it is open read-only.`),
  largeSourceOnly: () =>
    notice(
      'largeSourceOnly',
      {},
      'This file is over 5 MB, so it opens in source mode: the WYSIWYG editor takes files up to 5 MB, to stay quick to load and to type in.',
    ),
  draftRestored: () =>
    notice('draftRestored', {}, 'Unsaved changes from your last session were restored.'),
  draftsRestored: (count: number) =>
    notice(
      'draftsRestored',
      { count },
      `Restored unsaved changes in ${count} document${count === 1 ? '' : 's'} from your last session.`,
    ),
  fileGone: (path: string) =>
    notice('fileGone', { path }, `${path} no longer exists; save to write it again.`),
  fileDeleted: (path: string) =>
    notice('fileDeleted', { path }, `${path} was deleted; save to write it again.`),
  coherenceNotUpdated: (path: string, error: string) =>
    notice(
      'coherenceNotUpdated',
      { path, error },
      `The coherence record of ${path} was not updated: ${error}`,
    ),
  saveAsNeedsApproval: (title: string, path: string) =>
    notice(
      'saveAsNeedsApproval',
      { title, path },
      `An AI client wanted to save "${title}" as ${path}; turn on Settings → Integrations → Auto-approve edits to allow this.`,
    ),
};
