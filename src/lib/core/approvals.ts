/**
 * Questions the person answers for an AI client (SPEC §2, §4, §7), oldest first: a window shows
 * one at a time. A folder grant is used once, by a retry of the same call; a browser question is
 * the driver's, and its answer goes back to the driver (see browser/browserSide.ts).
 */
import type { ApprovalRequest } from '../browserPanel/protocol';
import type { ApprovalInfo, BrowserApprovalInfo, FolderApprovalInfo } from './types';

export type Approval = ApprovalInfo;

interface Grant {
  kind: 'open_workspace';
  subject: string;
  mount: string;
}

/** A window as far as questions care: whether it is open, and whether it has the focus. */
export interface PromptWindow {
  id: string;
  attached: boolean;
  focused: boolean;
}

/** Where a new question is shown: the focused window, else main, else any open one. */
export function promptWindow(windows: Iterable<PromptWindow>): string {
  const open = [...windows].filter((w) => w.attached);
  return (
    open.find((w) => w.focused)?.id ??
    open.find((w) => w.id === 'main')?.id ??
    open[0]?.id ??
    'main'
  );
}

/** The driver keeps at most 64 prompts waiting; the app keeps no more than that either. */
export const MAX_BROWSER_PROMPTS = 64;

export class Approvals {
  pending: Approval[] = [];
  private grants: Grant[] = [];
  private seq = 0;

  /** Asks (once per subject while a question is open) and answers the question. */
  ask(kind: 'open_workspace', subject: string, windowId: string, client: string): Approval {
    const open = this.pending.find((a) => a.kind === kind && a.folderPath === subject);
    if (open) return open;
    const approval: FolderApprovalInfo = {
      id: `approval-${++this.seq}`,
      windowId,
      kind,
      folderPath: subject,
      client,
    };
    this.pending.push(approval);
    return approval;
  }

  /** The person's answer; a grant names the mount the picked folder got. */
  answer(id: string, mount: string | null): Approval | null {
    const approval = this.pending.find((a) => a.id === id) ?? null;
    this.pending = this.pending.filter((a) => a.id !== id);
    if (approval?.kind === 'open_workspace' && mount)
      this.grants.push({ kind: approval.kind, subject: approval.folderPath, mount });
    return approval;
  }

  /** Uses the grant for this subject, if there is one. */
  consume(kind: 'open_workspace', subject: string): string | null {
    const i = this.grants.findIndex((g) => g.kind === kind && g.subject === subject);
    if (i < 0) return null;
    const [grant] = this.grants.splice(i, 1);
    return grant.mount;
  }

  /** Queues the driver's prompt (once per request id); the oldest goes past the cap. */
  askBrowser(request: ApprovalRequest, windowId: string, client: string): BrowserApprovalInfo {
    const id = `browser-${request.requestId}`;
    const open = this.pending.find((a): a is BrowserApprovalInfo => a.id === id);
    if (open) return open;
    const approval: BrowserApprovalInfo = { id, windowId, kind: 'browser', client, request };
    this.pending.push(approval);
    const browser = this.pending.filter((a) => a.kind === 'browser');
    if (browser.length > MAX_BROWSER_PROMPTS) {
      const oldest = browser[0];
      this.pending = this.pending.filter((a) => a !== oldest);
    }
    return approval;
  }

  /** Takes a browser question off the queue to answer it. */
  takeBrowser(id: string): BrowserApprovalInfo | null {
    const approval = this.pending.find((a): a is BrowserApprovalInfo => a.id === id);
    if (!approval || approval.kind !== 'browser') return null;
    this.pending = this.pending.filter((a) => a !== approval);
    return approval;
  }

  /** The driver no longer needs an answer (the page navigated, the tab closed). */
  withdraw(requestId: string): boolean {
    const before = this.pending.length;
    this.pending = this.pending.filter(
      (a) => a.kind !== 'browser' || a.request.requestId !== requestId,
    );
    return this.pending.length !== before;
  }

  /** Every browser question goes (the hub that asked them is gone). */
  clearBrowser(): boolean {
    const before = this.pending.length;
    this.pending = this.pending.filter((a) => a.kind !== 'browser');
    return this.pending.length !== before;
  }

  /** Questions shown in a window that has gone move to `target`. */
  rehome(attached: (windowId: string) => boolean, target: string | null): void {
    if (target === null) return;
    for (const a of this.pending) if (!attached(a.windowId)) a.windowId = target;
  }

  /** The questions for the windows' snapshot, each in a window that is open (when one is). */
  shown(windows: Iterable<PromptWindow>): Approval[] {
    const all = [...windows];
    const open = new Set(all.filter((w) => w.attached).map((w) => w.id));
    this.rehome((id) => open.has(id), open.size ? promptWindow(all) : null);
    return this.pending.map((a) => ({ ...a }));
  }
}
