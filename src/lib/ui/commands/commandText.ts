/**
 * How a command is named to the person: its label and group in the UI's language (the command
 * list holds message keys, never translated words), and the English ones beside them so the
 * palette finds a command by either.
 */
import { CATALOG, type MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';
import { formatMessage } from '../../i18n/locales';

export type CommandGroup = 'File' | 'Edit' | 'View' | 'CJK' | 'Panels' | 'Help';

/** The message key of a command's label. */
export type CommandLabel = Extract<MessageKey, `commands.${string}`>;

const GROUPS: Record<CommandGroup, CommandLabel> = {
  File: 'commands.groupFile',
  Edit: 'commands.groupEdit',
  View: 'commands.groupView',
  CJK: 'commands.groupCjk',
  Panels: 'commands.groupPanels',
  Help: 'commands.groupHelp',
};

interface Named {
  label: CommandLabel;
  group: CommandGroup;
}

export function commandLabel(command: Named): string {
  return t(command.label);
}

export function groupLabel(group: CommandGroup): string {
  return t(GROUPS[group]);
}

function english(key: MessageKey): string {
  return formatMessage(CATALOG.en[key], 'en');
}

/** The labels the palette matches a query against: as shown, then in English. */
export function searchLabels(command: Named): string[] {
  return [commandLabel(command), english(command.label)];
}

/** The same with the group in front ("cjk sp" finds "CJK: spacing" too). */
export function searchLabelsWithGroup(command: Named): string[] {
  return [
    `${groupLabel(command.group)} ${commandLabel(command)}`,
    `${english(GROUPS[command.group])} ${english(command.label)}`,
  ];
}
