/**
 * Prompts waiting for the person. A command that is asked again while its prompt waits gets the
 * same request back (one prompt, never a queue of duplicates). At most 64 wait; the oldest is
 * withdrawn first. A tab's prompts go when it navigates or closes.
 */
import { randomBytes } from 'node:crypto';
import type { ApprovalRequest } from '#shared/wire/driverProtocol.js';
import { bindingKey, type Binding } from './oneShots.js';

export const MAX_PENDING_PROMPTS = 64;

export interface PendingPrompt {
  request: ApprovalRequest;
  binding: Binding;
}

export class PendingPrompts {
  readonly #byId = new Map<string, PendingPrompt & { key: string }>();

  constructor(private readonly cap = MAX_PENDING_PROMPTS) {}

  get size(): number {
    return this.#byId.size;
  }

  /**
   * The waiting prompt for this binding, or a new one made from `draft`; `evicted` lists the
   * request ids withdrawn to make room.
   */
  ask(
    binding: Binding,
    draft: Omit<ApprovalRequest, 'requestId'>,
  ): { request: ApprovalRequest; evicted: string[] } {
    const key = bindingKey(binding);
    for (const prompt of this.#byId.values()) {
      if (prompt.key === key) return { request: prompt.request, evicted: [] };
    }
    const request: ApprovalRequest = {
      requestId: `apr-${randomBytes(8).toString('hex')}`,
      ...draft,
    };
    this.#byId.set(request.requestId, { request, binding, key });
    const evicted: string[] = [];
    for (const id of this.#byId.keys()) {
      if (this.#byId.size <= this.cap) break;
      this.#byId.delete(id);
      evicted.push(id);
    }
    return { request, evicted };
  }

  has(requestId: string): boolean {
    return this.#byId.has(requestId);
  }

  /** Removes and returns a prompt (the person answered it). */
  take(requestId: string): PendingPrompt | null {
    const prompt = this.#byId.get(requestId);
    if (!prompt) return null;
    this.#byId.delete(requestId);
    return { request: prompt.request, binding: prompt.binding };
  }

  /** Whether a prompt about this tab waits for the person. */
  hasTab(tabId: string): boolean {
    for (const prompt of this.#byId.values()) if (prompt.binding.tabId === tabId) return true;
    return false;
  }

  /** Removes a tab's prompts; returns their ids. */
  withdrawTab(tabId: string): string[] {
    const ids: string[] = [];
    for (const [id, prompt] of this.#byId) {
      if (prompt.binding.tabId === tabId) {
        this.#byId.delete(id);
        ids.push(id);
      }
    }
    return ids;
  }

  /** Removes every prompt; returns their ids. */
  withdrawAll(): string[] {
    const ids = [...this.#byId.keys()];
    this.#byId.clear();
    return ids;
  }
}
