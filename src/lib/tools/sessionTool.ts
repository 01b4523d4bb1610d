/** `session.get_state`: every window, its tabs and what the app can do. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { argumentError, refusal, stateAnswer, success, type SessionArgs } from '../mcp';
import type { DocumentsHost, FilesHost, SettingsHost, WindowsHost } from './host';

export const APP_VERSION = '0.1.0';

export function getState(
  host: DocumentsHost & WindowsHost & FilesHost & SettingsHost,
  args: SessionArgs = { action: 'get_state' },
): CallToolResult {
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
            filePath: doc.path,
            title: host.title(doc),
            dirty: host.dirty(doc),
            revision: doc.revision,
            kind: doc.kind,
            active: w.activeTabId === doc.id,
            visible: !rail || host.instanceIn(doc.id, w.id) === w.activeInstanceId,
            readOnly: doc.readOnlyReason !== null,
          },
        ];
      }),
    }));
  const r = stateAnswer(
    {
      windows,
      workspaces: host
        .workspaces()
        .map((ws) => ({ root: `/${ws.mount}`, name: ws.name, access: ws.access })),
      version: APP_VERSION,
    },
    { windowLabel: args.windowLabel, tabOffset: args.tabOffset },
  );
  if (r.ok) return success(r.answer);
  return r.problem === 'argument' ? argumentError(r.message) : refusal('INVALID_WINDOW', r.message);
}
