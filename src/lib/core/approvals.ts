/**
 * Questions the person answers for an AI client (SPEC §2, §4): each shows in a window, and a grant
 * is used once, by a retry of the same call.
 */

export interface Approval {
  id: string;
  windowId: string;
  kind: 'open_workspace';
  /** What the AI asked for, shown to the person as it was given. */
  folderPath: string;
  client: string;
}

interface Grant {
  kind: Approval['kind'];
  subject: string;
  mount: string;
}

export class Approvals {
  pending: Approval[] = [];
  private grants: Grant[] = [];
  private seq = 0;

  /** Asks (once per subject while a question is open) and answers the question's id. */
  ask(kind: Approval['kind'], subject: string, windowId: string, client: string): Approval {
    const open = this.pending.find((a) => a.kind === kind && a.folderPath === subject);
    if (open) return open;
    const approval: Approval = {
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
    if (approval && mount)
      this.grants.push({ kind: approval.kind, subject: approval.folderPath, mount });
    return approval;
  }

  /** Uses the grant for this subject, if there is one. */
  consume(kind: Approval['kind'], subject: string): string | null {
    const i = this.grants.findIndex((g) => g.kind === kind && g.subject === subject);
    if (i < 0) return null;
    const [grant] = this.grants.splice(i, 1);
    return grant.mount;
  }
}
