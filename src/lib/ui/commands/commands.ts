/**
 * Everything the person can do from the keyboard, in one list: the command palette searches it and
 * the shortcut sheet shows it, so neither can list a shortcut that does not exist. The keys
 * themselves are handled in the page (routes/+page.svelte) and the editors.
 */
import * as actions from '../shell/actions';
import { app } from '../shell/appState.svelte';
import { cjkTransform } from './cjkActions';
import type { CommandGroup, CommandLabel } from './commandText';
import { exportHtml, printDocument } from './exportActions';

export interface Command {
  id: string;
  /** A message key: shown through commandLabel (commandText.ts), in the UI's language. */
  label: CommandLabel;
  group: CommandGroup;
  /** As shown: `Mod` reads Ctrl (Cmd on a Mac). */
  keys?: string;
  /** Off when it has nothing to act on (no document open). */
  enabled?: () => boolean;
  run: () => void | Promise<unknown>;
}

/** The right-hand panels take one place: showing one hides the others; again hides it. */
export function showPanel(which: 'browser' | 'workflows' | 'breakdown'): void {
  const open = {
    browser: app.browserPanel,
    workflows: app.workflowsPanel,
    breakdown: app.breakdownPanel,
  }[which];
  app.browserPanel = which === 'browser' && !open;
  app.workflowsPanel = which === 'workflows' && !open;
  app.breakdownPanel = which === 'breakdown' && !open;
}

const hasDocument = () => app.activeTab !== null;

export function appCommands(open: { settings(): void; shortcuts(): void }): Command[] {
  const find = (replace: boolean) => () => {
    app.findRequest = { replace, seq: (app.findRequest?.seq ?? 0) + 1 };
  };
  return [
    {
      id: 'new',
      label: 'commands.newDocument',
      group: 'File',
      keys: 'Mod+Alt+N',
      run: actions.newTab,
    },
    {
      id: 'save',
      label: 'commands.save',
      group: 'File',
      keys: 'Mod+S',
      enabled: hasDocument,
      run: () => actions.save(),
    },
    {
      id: 'save-as',
      label: 'commands.saveAs',
      group: 'File',
      keys: 'Mod+Shift+S',
      enabled: hasDocument,
      run: () => actions.saveAs(),
    },
    {
      id: 'open-folder',
      label: 'commands.openFolder',
      group: 'File',
      keys: 'Mod+Shift+O',
      run: actions.openFolder,
    },
    { id: 'new-window', label: 'commands.newWindow', group: 'File', run: actions.newWindow },
    {
      id: 'export-html',
      label: 'commands.exportHtml',
      group: 'File',
      enabled: hasDocument,
      run: exportHtml,
    },
    {
      id: 'print',
      label: 'commands.print',
      group: 'File',
      keys: 'Mod+P',
      enabled: hasDocument,
      run: printDocument,
    },
    {
      id: 'find',
      label: 'commands.find',
      group: 'Edit',
      keys: 'Mod+F',
      enabled: hasDocument,
      run: find(false),
    },
    {
      id: 'replace',
      label: 'commands.replace',
      group: 'Edit',
      keys: 'Mod+H',
      enabled: hasDocument,
      run: find(true),
    },
    {
      id: 'toggle-mode',
      label: 'commands.toggleMode',
      group: 'View',
      keys: 'Mod+/',
      enabled: hasDocument,
      run: () => actions.toggleMode(),
    },
    {
      id: 'focus-mode',
      label: 'commands.focusMode',
      group: 'View',
      keys: 'F8',
      run: () => app.toggleWritingMode('focusMode'),
    },
    {
      id: 'typewriter',
      label: 'commands.typewriter',
      group: 'View',
      keys: 'F9',
      run: () => app.toggleWritingMode('typewriter'),
    },
    {
      id: 'cjk-format',
      label: 'commands.cjkFormat',
      group: 'CJK',
      keys: 'Mod+Alt+F',
      enabled: hasDocument,
      run: () => cjkTransform('cjk-format'),
    },
    {
      id: 'cjk-spacing',
      label: 'commands.cjkSpacing',
      group: 'CJK',
      keys: 'Mod+Alt+J',
      enabled: hasDocument,
      run: () => cjkTransform('cjk-spacing'),
    },
    {
      id: 'cjk-punctuation',
      label: 'commands.cjkPunctuation',
      group: 'CJK',
      keys: 'Mod+Alt+P',
      enabled: hasDocument,
      run: () => cjkTransform('cjk-punctuation'),
    },
    {
      id: 'breakdown',
      label: 'commands.breakdown',
      group: 'Panels',
      run: () => showPanel('breakdown'),
    },
    {
      id: 'workflows',
      label: 'commands.workflows',
      group: 'Panels',
      run: () => showPanel('workflows'),
    },
    {
      id: 'browser',
      label: 'commands.browser',
      group: 'Panels',
      run: () => showPanel('browser'),
    },
    { id: 'settings', label: 'commands.settings', group: 'Panels', run: open.settings },
    { id: 'palette', label: 'commands.palette', group: 'Help', keys: 'Mod+Shift+P', run: () => {} },
    {
      id: 'shortcuts',
      label: 'commands.shortcuts',
      group: 'Help',
      keys: 'F1',
      run: open.shortcuts,
    },
  ];
}

/** Keys as this platform writes them (Cmd on a Mac, Ctrl elsewhere). */
export function keysFor(
  keys: string,
  mac = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? ''),
): string {
  return keys.replace(/Mod/g, mac ? 'Cmd' : 'Ctrl');
}
