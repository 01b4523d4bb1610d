/** `session.get_state`: every window, its tabs and what the app can do. */
import type { ToolHost } from './host';

export const APP_VERSION = '0.1.0';

export function getState(host: ToolHost) {
  const rail = host.settings().workspaceRail;
  const windows = host
    .windows()
    .filter((w) => w.attached || w.tabIds.length > 0)
    .map((w) => ({
      label: w.id,
      focused: w.focused,
      activeWorkspaceInstanceId: rail ? w.activeInstanceId : null,
      tabs: w.tabIds.flatMap((id) => {
        const doc = host.tab(id);
        if (!doc) return [];
        return [
          {
            id: doc.id,
            kind: doc.kind,
            documentKind: doc.kind,
            filePath: doc.path,
            title: host.title(doc),
            dirty: doc.text !== doc.savedText,
            revision: doc.revision,
            readOnly: doc.readOnlyReason !== null,
            active: w.activeTabId === doc.id,
            visible: !rail || host.instanceIn(doc.id, w.id) === w.activeInstanceId,
          },
        ];
      }),
    }));
  return {
    windows,
    workspaces: host
      .workspaces()
      .map((ws) => ({ root: `/${ws.mount}`, name: ws.name, access: ws.access })),
    capabilities: { version: APP_VERSION, supportedKinds: ['markdown', 'yaml-workflow'] },
  };
}
