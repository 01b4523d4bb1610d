/**
 * The in-page agent for the browser tests, without hub or MCP: an `IsolatedAgent` on a test's
 * page (the compiled one in relay/dist, as the hub runs it: `npm run build` first), and the
 * driver's half of a click (a trusted mouse click at the point the agent verified).
 */
import type { Page } from '@playwright/test';
import type * as AgentModule from '../../relay/src/browser/agent/isolatedAgent';
import type {
  ActArgs,
  ActResult,
  SnapshotNode,
  SnapshotResult,
} from '../../relay/src/browser/agent/agentTypes';

export type IsolatedAgent = AgentModule.IsolatedAgent;

export async function agentOn(page: Page): Promise<IsolatedAgent> {
  const modulePath = '../../relay/dist/browser/agent/isolatedAgent.js';
  const { IsolatedAgent } = (await import(modulePath)) as typeof AgentModule;
  return new IsolatedAgent(page as unknown as ConstructorParameters<typeof IsolatedAgent>[0]);
}

/** Acts as the driver does: a click that passed its checks is performed with the mouse. */
export async function actAsDriver(page: Page, agent: IsolatedAgent, args: ActArgs) {
  const result = await agent.act(args);
  if ('error' in result) throw new Error(`agent refused the call: ${result.error}`);
  if (args.operation !== 'click' || !result.clickAt) return result;
  await page.mouse.click(result.clickAt.x, result.clickAt.y);
  return { ...result, clicked: true } as ActResult;
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
