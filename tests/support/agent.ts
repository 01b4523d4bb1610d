/**
 * The in-page agent for the browser tests, without hub or MCP: an `IsolatedAgent` on a test's
 * page (the compiled one in relay/dist, as the hub runs it: `npm run build` first), and the
 * driver's half of an act (the trusted input the agent checked).
 */
import type { Page } from '@playwright/test';
import type * as AgentModule from '../../relay/src/browser/agent/isolatedAgent';
import type {
  ActArgs,
  ActResult,
  SnapshotNode,
  SnapshotResult,
  TypePlan,
} from '../../relay/src/browser/agent/agentTypes';

type Point = { x: number; y: number };

export type IsolatedAgent = AgentModule.IsolatedAgent;

export async function agentOn(page: Page): Promise<IsolatedAgent> {
  const modulePath = '../../relay/dist/browser/agent/isolatedAgent.js';
  const { IsolatedAgent } = (await import(modulePath)) as typeof AgentModule;
  return new IsolatedAgent(page as unknown as ConstructorParameters<typeof IsolatedAgent>[0]);
}

/** What the driver adds to an act: the key, and Enter after typing. */
export interface DriverExtras {
  key?: string;
  modifiers?: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean };
  submit?: boolean;
}

/**
 * Acts as the driver does: input that passed the agent's checks is sent through the browser's
 * own mouse and keyboard (the compiled driver/pages/pageInput.js), and typing is finished by the agent.
 */
export async function actAsDriver(
  page: Page,
  agent: IsolatedAgent,
  args: ActArgs,
  extras: DriverExtras = {},
): Promise<ActResult> {
  const input = (await import('../../relay/dist/browser/driver/pages/pageInput.js' as string)) as {
    typeText(page: Page, plan: TypePlan): Promise<void>;
    wheel(
      page: Page,
      at: Point,
      dy: number,
      from: number,
      pos: () => Promise<number>,
    ): Promise<boolean>;
  };
  const keys = (await import('../../relay/dist/shared/keyChord.js' as string)) as {
    keyChord(key: string, m?: DriverExtras['modifiers']): { ok: boolean; chord: string };
  };
  const result = await agent.act(args);
  if ('error' in result) throw new Error(`agent refused the call: ${result.error}`);
  // `typeAt` only serves the checks of frames around the field, which the page's own agent has not.
  const {
    clickAt,
    hoverAt,
    wheelAt,
    scrollFrom,
    typePlan,
    typeAt: _at,
    keyReady,
    ...answer
  } = result;
  if (answer.reason) return answer;
  if (clickAt) {
    await page.mouse.click(clickAt.x, clickAt.y);
    return { ...answer, clicked: true };
  }
  if (hoverAt) {
    await page.mouse.move(hoverAt.x, hoverAt.y);
    return { ...answer, hovered: true };
  }
  if (wheelAt) {
    const position = async () =>
      ((await agent.call('scrollPosition')) as { position: number }).position;
    const moved = await input.wheel(page, wheelAt, args.dy ?? 0, scrollFrom ?? 0, position);
    return moved
      ? { ...answer, scrolled: true }
      : { ...answer, scrolled: false, detail: 'at-edge' };
  }
  if (keyReady) {
    await page.keyboard.press(keys.keyChord(extras.key ?? '', extras.modifiers).chord);
    return { ...answer, pressed: true };
  }
  if (typePlan) {
    await input.typeText(page, typePlan);
    const finished = (await agent.call('finishType', { token: typePlan.token })) as object;
    const typed = { ...answer, ...finished } as ActResult;
    if (typed.typed && extras.submit) await page.keyboard.press('Enter');
    return typed;
  }
  return answer;
}

export async function snapshotOf(
  agent: IsolatedAgent,
  generation: number,
): Promise<SnapshotResult> {
  const result = await agent.snapshot({ generation });
  if ('error' in result) throw new Error(`snapshot refused: ${result.error}`);
  return result;
}

/** The node with this role and name; fails the test when there is not exactly one. */
export function nodeNamed(snapshot: SnapshotResult, role: string, name: string): SnapshotNode {
  const found = snapshot.nodes.filter((n) => n.role === role && n.name === name);
  if (found.length !== 1) throw new Error(`${found.length} nodes ${role} "${name}"`);
  return found[0];
}

/** The clicks the page saw (tests/fixtures/pages/agent/record.js). */
export function clicksOn(page: Page): Promise<{ id: string | null; trusted: boolean }[]> {
  return page.evaluate(() => (window as unknown as { clicks: [] }).clicks);
}
