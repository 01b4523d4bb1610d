/**
 * The driver's approval state: one-shot approvals, attachments and the prompts waiting for the
 * person. It turns the policy's decisions into answers (a go-ahead, a refusal, a prompt), records
 * the person's answers, and forgets what a navigation or a closed tab makes moot.
 */
import { AttachmentStore } from '../policy/attachments.js';
import { checkAnswer } from '../policy/configShape.js';
import { decide, decideDestination, type Decision } from '../policy/decide.js';
import type { ParsedGrant } from '../policy/grants.js';
import { OneShotStore } from '../policy/oneShots.js';
import { PendingPrompts } from '../policy/pendingPrompts.js';
import type { DriverEvent, DriverResult } from '#shared/wire/driverProtocol.js';
import type { AuthRequest, PromptOutcome, Settings, Tab } from './core.js';
import { fail } from './results.js';

export class ApprovalDesk {
  readonly #oneShots = new OneShotStore();
  readonly #attachments = new AttachmentStore();
  readonly #pending = new PendingPrompts();
  /** Workflow runs waiting on a prompt's outcome. */
  readonly #waiters = new Map<string, Set<(outcome: PromptOutcome) => void>>();

  constructor(
    private readonly emit: (event: DriverEvent) => void,
    private readonly log: (message: string) => void,
  ) {}

  authorize(
    settings: Settings,
    grants: readonly ParsedGrant[],
    tab: Tab,
    request: AuthRequest,
  ): DriverResult | null {
    const decision = decide({
      enabled: settings.enabled,
      posture: settings.posture,
      grants,
      oneShots: this.#oneShots,
      attachments: this.#attachments,
      tab: {
        tabId: tab.id,
        human: tab.human,
        generation: tab.generation,
        url: tab.page.url(),
        approvedOrigins: tab.approvedOrigins,
      },
      generation: request.generation ?? tab.generation,
      operation: request.operation,
      polling: request.polling,
      target: request.target,
      payload: request.payload,
      fresh: request.fresh,
      frameOrigin: request.frameOrigin,
    });
    return this.#apply(tab, decision);
  }

  authorizeDestination(
    settings: Settings,
    grants: readonly ParsedGrant[],
    tab: Tab | null,
    url: string,
  ): DriverResult | null {
    const decision = decideDestination({
      posture: settings.posture,
      grants,
      oneShots: this.#oneShots,
      tab: tab && {
        tabId: tab.id,
        generation: tab.generation,
        approvedOrigins: tab.approvedOrigins,
      },
      url,
    });
    return this.#apply(tab, decision);
  }

  /** The person's answer to a prompt: once and site mint a one-shot (attach: an attachment). */
  answer(raw: unknown): void {
    const answer = checkAnswer(raw);
    if (!answer) {
      this.log('ignored a malformed approval answer');
      return;
    }
    const prompt = this.#pending.take(answer.requestId);
    if (!prompt) return;
    this.#settle(answer.requestId, answer.answer);
    if (answer.answer === 'deny') return;
    const { binding } = prompt;
    if (binding.operation === 'attach') {
      this.#attachments.grant(
        binding.tabId,
        answer.answer === 'site' ? 'navigation' : 'once',
        binding.generation,
      );
    } else {
      // "site" comes with a new grant in the app's next configuration; the one-shot lets the
      // retry through even before it arrives.
      this.#oneShots.mint(binding);
    }
  }

  /** Whether the person is being asked something about this tab now. */
  asking(tabId: string): boolean {
    return this.#pending.hasTab(tabId);
  }

  /** The tab navigated or closed: its prompts, one-shots and attachment lapse. */
  lapseTab(tabId: string): void {
    this.#oneShots.lapse(tabId);
    this.#attachments.lapse(tabId);
    for (const requestId of this.#pending.withdrawTab(tabId)) this.#withdrawn(requestId);
  }

  /** The tools were turned off or the posture changed: nothing given before still counts. */
  forgetAll(): void {
    for (const requestId of this.#pending.withdrawAll()) this.#withdrawn(requestId);
    this.#oneShots.clear();
    this.#attachments.clear();
  }

  /** Takes a prompt back (its run was cancelled): the app removes it. */
  withdraw(requestId: string): void {
    if (this.#pending.take(requestId)) this.#withdrawn(requestId);
  }

  /**
   * Resolves when the person answers the prompt or it stops applying; at once with `withdrawn`
   * when it is not waiting, and with `withdrawn` when `signal` aborts.
   */
  waitForAnswer(requestId: string, signal: AbortSignal): Promise<PromptOutcome> {
    if (!this.#pending.has(requestId) || signal.aborted) return Promise.resolve('withdrawn');
    return new Promise((resolve) => {
      const waiters = this.#waiters.get(requestId) ?? new Set();
      this.#waiters.set(requestId, waiters);
      const done = (outcome: PromptOutcome) => {
        signal.removeEventListener('abort', aborted);
        waiters.delete(done);
        if (waiters.size === 0) this.#waiters.delete(requestId);
        resolve(outcome);
      };
      const aborted = () => done('withdrawn');
      waiters.add(done);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  #withdrawn(requestId: string): void {
    this.emit({ type: 'approval-withdrawn', requestId });
    this.#settle(requestId, 'withdrawn');
  }

  #settle(requestId: string, outcome: PromptOutcome): void {
    for (const waiter of [...(this.#waiters.get(requestId) ?? [])]) waiter(outcome);
  }

  #apply(tab: Tab | null, decision: Decision): DriverResult | null {
    switch (decision.kind) {
      case 'allow':
        if (decision.approveOrigin && tab) tab.approvedOrigins.add(decision.approveOrigin);
        return null;
      case 'refuse':
        return fail(decision.code, decision.message);
      case 'ask': {
        const { request, evicted } = this.#pending.ask(decision.binding, decision.draft);
        for (const requestId of evicted) this.#withdrawn(requestId);
        if (decision.code === 'ATTACHMENT_REQUIRED') {
          return fail('ATTACHMENT_REQUIRED', decision.message, { approval: request });
        }
        return {
          ok: false,
          error: 'APPROVAL_REQUIRED',
          message: decision.message,
          approval: request,
        };
      }
    }
  }
}
