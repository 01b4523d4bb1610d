/** What every window is sent of the core's state: one snapshot, made from the core's parts. */
import type { AiClients } from '../hub/aiClients';
import type { Approvals } from './approvals';
import type { BrowserSide } from '../browserLink/browserSide';
import type { DocumentStore } from '../store/documentStore';
import type { Notice } from '../notice';
import type { Settings, Snapshot } from '../types';
import type { Workspaces } from '../workspaces/workspaces';

export interface SnapshotParts {
  store: DocumentStore;
  workspaces: Workspaces;
  settings: Settings;
  notices: Notice[];
  ai: AiClients;
  approvals: Approvals;
  browser: BrowserSide;
}

export function snapshotOf(core: SnapshotParts): Snapshot {
  const { store, browser } = core;
  return {
    windows: store.windowInfos(),
    tabs: [...store.tabs.values()].map((d) => store.tabInfo(d)),
    workspaces: core.workspaces.infos(),
    settings: { ...core.settings },
    notices: [...core.notices],
    ai: core.ai.view(),
    approvals: core.approvals.shown(store.windows.values()),
    browser: { tabs: [...browser.tabs], running: browser.running, runs: [...browser.runs] },
  };
}
