/** `session.get_state`: every window, its tabs and what the app can do. */
import type { Core } from '../core';

export const APP_VERSION = '0.1.0';

export function getState(core: Core) {
  const rail = core.settings.workspaceRail;
  const windows = [...core.store.windows.values()]
    .filter((w) => w.attached || w.tabIds.length > 0)
    .map((w) => ({
      label: w.id,
      focused: w.focused,
      activeWorkspaceInstanceId: rail ? w.activeInstanceId : null,
      tabs: w.tabIds.flatMap((id) => {
        const doc = core.store.tabs.get(id);
        if (!doc) return [];
        const info = core.store.tabInfo(doc);
        return [
          {
            id: doc.id,
            kind: doc.kind,
            documentKind: doc.kind,
            filePath: doc.path,
            title: info.title,
            dirty: info.dirty,
            revision: doc.revision,
            readOnly: info.readOnly,
            active: w.activeTabId === doc.id,
            visible: !rail || doc.instanceId === w.activeInstanceId,
          },
        ];
      }),
    }));
  return {
    windows,
    workspaces: core.workspaces
      .infos()
      .map((ws) => ({ root: `/${ws.mount}`, name: ws.name, access: ws.access })),
    capabilities: { version: APP_VERSION, supportedKinds: ['markdown', 'yaml-workflow'] },
  };
}
