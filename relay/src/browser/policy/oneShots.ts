/**
 * "Allow once" approvals: each is bound to the tab, the page generation when the prompt was
 * raised, the origin, the operation, the target and (for payload-bound operations) the hash of
 * the exact payload. Spending one is atomic (it is gone once it matched); they lapse when their
 * tab navigates or closes; at most 256 wait unspent, the oldest going first.
 */
import type { Operation } from '#shared/wire/driverProtocol.js';

export interface Binding {
  tabId: string;
  generation: number;
  origin: string;
  operation: Operation;
  /** `role\u0000name` of the element, when the operation has one. */
  target?: string;
  /** SHA-256 of the exact payload, for payload-bound operations. */
  payloadHash?: string;
}

export const MAX_ONE_SHOTS = 256;

/** One text per binding: equal bindings, equal keys. */
export function bindingKey(b: Binding): string {
  return JSON.stringify([
    b.tabId,
    b.generation,
    b.origin,
    b.operation,
    b.target ?? null,
    b.payloadHash ?? null,
  ]);
}

export function targetKey(target: { role: string; name: string }): string {
  return `${target.role}\u0000${target.name}`;
}

export class OneShotStore {
  readonly #entries: { key: string; tabId: string }[] = [];

  constructor(private readonly cap = MAX_ONE_SHOTS) {}

  get size(): number {
    return this.#entries.length;
  }

  mint(binding: Binding): void {
    this.#entries.push({ key: bindingKey(binding), tabId: binding.tabId });
    while (this.#entries.length > this.cap) this.#entries.shift();
  }

  has(binding: Binding): boolean {
    const key = bindingKey(binding);
    return this.#entries.some((e) => e.key === key);
  }

  /** Spends one matching approval; says whether there was one. */
  consume(binding: Binding): boolean {
    const key = bindingKey(binding);
    const index = this.#entries.findIndex((e) => e.key === key);
    if (index === -1) return false;
    this.#entries.splice(index, 1);
    return true;
  }

  /** Drops every approval of a tab (it navigated or closed). */
  lapse(tabId: string): void {
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      if (this.#entries[i].tabId === tabId) this.#entries.splice(i, 1);
    }
  }

  clear(): void {
    this.#entries.length = 0;
  }
}
