/**
 * The Delegations, Claims and Contexts sections' calls, answered by the person's acts on one
 * workspace (coherence/personActs.ts). Arguments come from the window: each is checked here, and
 * anything malformed is refused with a sentence before it reaches the record.
 */
import type { PersonActs } from '../../coherence/resolution/personActs';
import type { CoherenceActCall, CoherencePanelAnswer } from './panelTypes';

const str = (v: unknown): v is string => typeof v === 'string';
const orNull = (v: unknown): v is string | null => v === null || str(v);
const BAD = { ok: false as const, message: 'That request to the coherence record is malformed.' };

type Done = { ok: true } & Record<string, unknown>;
const answer = (r: Done | { ok: false; message: string }): CoherencePanelAnswer => {
  if (!r.ok) return r;
  const { ok: _ok, ...done } = r;
  return { ok: true, done };
};

/** `rel` turns a document's virtual path into the workspace-relative one, or null if outside. */
export async function recordPanel(
  acts: PersonActs,
  call: CoherenceActCall,
  rel: (path: string) => string | null,
): Promise<CoherencePanelAnswer> {
  const c = call as Record<string, unknown>;
  switch (call.op) {
    case 'record': {
      const view = await acts.view();
      return typeof view === 'string' ? { ok: false, message: view } : { ok: true, record: view };
    }
    case 'grant':
      if (!str(c.principal) || !Array.isArray(c.scope) || typeof c.days !== 'number') return BAD;
      return answer(
        await acts.grant({ principal: c.principal, scope: c.scope.filter(str), days: c.days }),
      );
    case 'revoke':
      return str(c.grant) ? answer(await acts.revoke(c.grant)) : BAD;
    case 'claim-create': {
      if (!str(c.path) || !str(c.statement)) return BAD;
      const path = rel(c.path);
      if (path === null)
        return { ok: false, message: `${c.path} is not in this workspace: pick its workspace.` };
      return answer(await acts.createClaim({ path, statement: c.statement }));
    }
    case 'claim-promote':
      return str(c.claim) ? answer(await acts.promote(c.claim)) : BAD;
    case 'claim-retire':
      return str(c.claim) ? answer(await acts.retire(c.claim)) : BAD;
    case 'claim-correct':
      return str(c.claim) && str(c.statement)
        ? answer(await acts.correct(c.claim, c.statement))
        : BAD;
    case 'claim-show':
      return str(c.claim) && str(c.context) && typeof c.visible === 'boolean'
        ? answer(await acts.showClaim(c.claim, c.context, c.visible))
        : BAD;
    case 'context-create':
      return str(c.name) && orNull(c.parent)
        ? answer(await acts.createContext({ name: c.name, parent: c.parent }))
        : BAD;
    case 'context-parent':
      return str(c.context) && orNull(c.parent)
        ? answer(await acts.setParent(c.context, c.parent))
        : BAD;
    case 'context-enforcement':
      return str(c.context) &&
        (c.enforcement === 'enforcing' || c.enforcement === 'greenhouse') &&
        typeof c.confirmed === 'boolean'
        ? answer(await acts.setEnforcement(c.context, c.enforcement, c.confirmed))
        : BAD;
    default:
      return BAD;
  }
}
