/**
 * Refs (`e1`, `e2`, …): minted per element in a store of the generation the driver passes. Within
 * a generation an element keeps its ref; a newer generation starts a new store, after which the
 * older one's refs name nothing. The store lives in the agent's isolated world, so a new
 * document starts empty. Runs in the page (see agentScope.ts).
 */
import type { AgentScope } from './agentScope.js';

export function refsPart(A: AgentScope): void {
  interface Store {
    generation: number;
    next: number;
    refs: WeakMap<Element, string>;
    elements: Map<string, WeakRef<Element>>;
  }
  let store: Store | null = null;

  /** The store of this generation, a new one for a newer generation, null for an older one. */
  function storeOf(generation: number): Store | null {
    if (store && generation < store.generation) return null;
    if (!store || generation > store.generation) {
      store = { generation, next: 1, refs: new WeakMap(), elements: new Map() };
    }
    return store;
  }

  A.validGeneration = function validGeneration(generation) {
    return typeof generation === 'number' && Number.isSafeInteger(generation) && generation >= 0;
  };

  A.fresh = function fresh(generation) {
    return storeOf(generation) !== null;
  };

  A.refOf = function refOf(el, generation) {
    const current = storeOf(generation);
    if (!current) return null;
    let ref = current.refs.get(el);
    if (ref === undefined) {
      ref = 'e' + current.next++;
      current.refs.set(el, ref);
      current.elements.set(ref, new WeakRef(el));
    }
    return ref;
  };

  A.resolve = function resolve(ref, generation) {
    if (!store || store.generation !== generation || typeof ref !== 'string') return null;
    const el = store.elements.get(ref)?.deref();
    return el && el.isConnected ? el : null;
  };
}
