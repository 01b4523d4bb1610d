import { describe, expect, it } from 'vitest';
import { scopedModule } from './scopedScriptPlugin';

/** Imports the wrapped module, as the build would bundle it. */
async function load(code: string): Promise<(globalThis: object) => void> {
  const url = `data:text/javascript,${encodeURIComponent(scopedModule(code))}`;
  return ((await import(/* @vite-ignore */ url)) as { default: (g: object) => void }).default;
}

describe('scopedModule', () => {
  it('runs a classic script with globalThis bound to the object it is given', async () => {
    const run = await load('globalThis.answer = 42; globalThis.seen = typeof globalThis.Math;');
    const scope: Record<string, unknown> = { Math: 'stand-in' };
    run(scope);
    expect(scope).toEqual({ Math: 'stand-in', answer: 42, seen: 'string' });
    expect('answer' in globalThis).toBe(false);
  });

  it('runs the script again on every call', async () => {
    const run = await load('globalThis.count = (globalThis.count ?? 0) + 1;');
    const scope: Record<string, number> = {};
    run(scope);
    run(scope);
    expect(scope.count).toBe(2);
  });
});
