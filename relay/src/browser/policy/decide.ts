/**
 * The authorisation decision, in one fixed order:
 * enabled → generation fresh → committed page → posture rule → human attachment → standing grant
 * or one atomic "Allow once" → the attachment is spent last (a refused command burns nothing).
 * The result is a value: allow, refuse (with a refusal code), or ask the person (with the prompt
 * to show and what an "Allow once" would be bound to).
 */
import type { ApprovalRequest, DriverErrorCode, Operation } from '#shared/wire/driverProtocol.js';
import type { AttachmentStore } from './attachments.js';
import { grantCovers, type ParsedGrant } from './grants.js';
import { NEVER_AUTOMATED, PAYLOAD_BOUND, isGrantable, payloadHash } from './operations.js';
import { targetKey, type Binding, type OneShotStore } from './oneShots.js';
import { originForAgent } from './urls.js';

export interface TabView {
  tabId: string;
  human: boolean;
  generation: number;
  /** The committed URL of the main frame. */
  url: string;
  /** Shared posture: the origins the person let this tab's AI see. */
  approvedOrigins: ReadonlySet<string>;
}

export interface DecisionInput {
  enabled: boolean;
  posture: 'sandbox' | 'shared';
  grants: readonly ParsedGrant[];
  oneShots: OneShotStore;
  attachments: AttachmentStore;
  tab: TabView;
  /** The generation the command refers to (the current one, or the one of the ref it names). */
  generation: number;
  /** `read` for every read-class command; otherwise what the command does. */
  operation: Operation;
  /** wait_for polls, which a once-attachment cannot cover. */
  polling?: boolean;
  target?: { role: string; name: string } | { ref: string };
  /** The exact payload of a payload-bound operation, with what the prompt shows of it. */
  payload?: { text: string; summary?: string; script?: string };
  /** A standing grant is not enough: the person approves this act afresh (a healed workflow step). */
  fresh?: boolean;
  /**
   * The origin of the frame an act's target is in, when not the page's: the act is granted and
   * approved for it (the posture rule and a human tab's attachment stay the page's).
   */
  frameOrigin?: string;
}

export type Decision =
  | {
      kind: 'allow';
      origin: string;
      /** Shared posture: the origin this decision approved for the tab (a spent destination). */
      approveOrigin?: string;
    }
  | { kind: 'refuse'; code: DriverErrorCode; message: string }
  | {
      kind: 'ask';
      code: 'APPROVAL_REQUIRED' | 'ATTACHMENT_REQUIRED';
      message: string;
      binding: Binding;
      draft: Omit<ApprovalRequest, 'requestId'>;
    };

const refuse = (code: DriverErrorCode, message: string): Decision => ({
  kind: 'refuse',
  code,
  message,
});

function ask(
  input: DecisionInput,
  operation: Operation,
  origin: string,
  binding: Binding,
  code: 'APPROVAL_REQUIRED' | 'ATTACHMENT_REQUIRED',
  message: string,
): Decision {
  const target = operation === input.operation ? input.target : undefined;
  const payload = operation === input.operation ? input.payload : undefined;
  const draft: Omit<ApprovalRequest, 'requestId'> = {
    operation,
    origin,
    tabId: input.tab.tabId,
    generation: input.tab.generation,
    grantable: isGrantable(operation),
  };
  if (target && 'role' in target) draft.target = { role: target.role, name: target.name };
  if (payload?.summary) draft.payloadSummary = payload.summary;
  if (payload?.script !== undefined) draft.script = payload.script.slice(0, 2000);
  return { kind: 'ask', code, message, binding, draft };
}

/** What an "Allow once" of this command would be bound to. */
export function bindingOf(input: DecisionInput, operation: Operation, origin: string): Binding {
  const binding: Binding = {
    tabId: input.tab.tabId,
    generation: input.tab.generation,
    origin,
    operation,
  };
  if (operation !== input.operation) return binding;
  if (input.target && 'role' in input.target) binding.target = targetKey(input.target);
  if (PAYLOAD_BOUND.has(operation) && input.payload) {
    binding.payloadHash = payloadHash(input.payload.text);
  }
  return binding;
}

export function decide(input: DecisionInput): Decision {
  const { tab, operation } = input;
  if (!input.enabled) return refuse('BROWSER_DISABLED', 'The browser tools are turned off.');
  if (input.generation !== tab.generation) {
    return refuse('STALE_REF', 'The page changed since that read (it navigated); read it again.');
  }
  const origin = originForAgent(tab.url);
  if (!/^https?:\/\//.test(origin)) {
    return refuse(
      'INVALID_ARGUMENT',
      `The tab shows no web page (${origin}); open or navigate to an http or https address first.`,
    );
  }
  if (NEVER_AUTOMATED.has(operation)) {
    return refuse('INVALID_ARGUMENT', `${operation} is never done for an AI; ask the person.`);
  }
  let approveOrigin: string | undefined;
  // Approvals to spend once everything passed, so that a refused command burns nothing.
  const spend: Binding[] = [];
  // Posture rule: a shared-profile AI tab only shows the AI origins the person approved.
  if (!tab.human && input.posture === 'shared' && !tab.approvedOrigins.has(origin)) {
    if (grantCovers(input.grants, 'navigate', origin)) approveOrigin = origin;
    else {
      const binding = bindingOf(input, 'navigate', origin);
      if (input.oneShots.has(binding)) {
        approveOrigin = origin;
        spend.push(binding);
      } else {
        return ask(
          input,
          'navigate',
          origin,
          binding,
          'APPROVAL_REQUIRED',
          `The tab is on ${origin}, which the person has not approved for the AI; they are being asked.`,
        );
      }
    }
  }
  // Human tabs: the person's leave first, whatever else is granted.
  let attachment: 'once' | 'navigation' | null = null;
  if (tab.human) {
    attachment = input.attachments.get(tab.tabId, tab.generation);
    if (!attachment) {
      return ask(
        input,
        'attach',
        origin,
        bindingOf(input, 'attach', origin),
        'ATTACHMENT_REQUIRED',
        `The person opened this tab themselves; they are being asked to let the AI use it (${origin}). Retry after they answer.`,
      );
    }
    if (input.polling && attachment === 'once') {
      return refuse(
        'ATTACHMENT_ONCE_INSUFFICIENT',
        'This tab is attached for one use only, which a repeated check cannot cover; ask the person to attach it until it navigates.',
      );
    }
  }
  if (operation !== 'read') {
    const actOrigin = input.frameOrigin ?? origin;
    const covered = !input.fresh && grantCovers(input.grants, operation, actOrigin);
    if (input.target && 'ref' in input.target && !covered) {
      return refuse(
        'INVALID_ARGUMENT',
        `A ref names an element only under a standing "${operation}" grant on ${actOrigin}; use role and name instead, so the person sees which element they allow.`,
      );
    }
    if (!covered) {
      const binding = bindingOf(input, operation, actOrigin);
      if (input.oneShots.has(binding)) spend.push(binding);
      else {
        return ask(
          input,
          operation,
          actOrigin,
          binding,
          'APPROVAL_REQUIRED',
          `approval required: '${operation}' on ${actOrigin}. The person is being asked; do not retry until they have answered.`,
        );
      }
    }
  }
  for (const binding of spend) input.oneShots.consume(binding);
  if (attachment) input.attachments.spend(tab.tabId);
  return approveOrigin ? { kind: 'allow', origin, approveOrigin } : { kind: 'allow', origin };
}

export interface DestinationInput {
  posture: 'sandbox' | 'shared';
  grants: readonly ParsedGrant[];
  oneShots: OneShotStore;
  /** The tab that navigates, or null for a new tab. */
  tab: { tabId: string; generation: number; approvedOrigins: ReadonlySet<string> } | null;
  /** The destination address (already through the navigation rules). */
  url: string;
}

/**
 * Shared posture: a navigation to an origin the tab has not been allowed yet needs a destination
 * approval (operation `navigate`, for the destination origin) unless a navigate grant covers it.
 * The sandbox needs none. A new tab's approvals are bound to tab id '' and generation 0.
 */
export function decideDestination(input: DestinationInput): Decision {
  const origin = originForAgent(input.url);
  if (input.posture === 'sandbox') return { kind: 'allow', origin };
  if (input.tab?.approvedOrigins.has(origin)) return { kind: 'allow', origin };
  if (grantCovers(input.grants, 'navigate', origin)) {
    return { kind: 'allow', origin, approveOrigin: origin };
  }
  const binding: Binding = {
    tabId: input.tab?.tabId ?? '',
    generation: input.tab?.generation ?? 0,
    origin,
    operation: 'navigate',
  };
  if (input.oneShots.consume(binding)) return { kind: 'allow', origin, approveOrigin: origin };
  return {
    kind: 'ask',
    code: 'APPROVAL_REQUIRED',
    message: `approval required: 'navigate' to ${origin}. In the shared profile each new site needs the person's approval; they are being asked. Do not retry until they have answered.`,
    binding,
    draft: {
      operation: 'navigate',
      origin,
      tabId: binding.tabId,
      generation: binding.generation,
      grantable: true,
    },
  };
}
