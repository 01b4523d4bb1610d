/** Modal questions the UI asks the person: confirmations and names, answered through a promise. */
import { t } from '../../i18n/i18n.svelte';

/**
 * A text the dialog shows: a string, or a function that words it in the current language when
 * the dialog draws it (so the request holds no translated text, and a language change redraws).
 */
export type DialogText = string | (() => string);

/** The text as the dialog shows it now (none when absent). */
export function dialogText(text: DialogText | undefined): string {
  return typeof text === 'function' ? text() : (text ?? '');
}

export interface DialogButton {
  label: DialogText;
  value: string;
  primary?: boolean;
  danger?: boolean;
}

export interface DialogRequest {
  title: DialogText;
  message?: DialogText;
  /** When set, the dialog asks for a line of text starting with this value. */
  input?: string;
  inputLabel?: DialogText;
  buttons: DialogButton[];
  resolve: (answer: { button: string; input: string }) => void;
}

class Dialogs {
  current = $state<DialogRequest | null>(null);

  ask(req: Omit<DialogRequest, 'resolve'>): Promise<{ button: string; input: string }> {
    return new Promise((resolve) => {
      this.current = { ...req, resolve };
    });
  }

  async confirm(
    title: DialogText,
    message: DialogText,
    confirmLabel: DialogText,
    danger = false,
  ): Promise<boolean> {
    const answer = await this.ask({
      title,
      message,
      buttons: [
        { label: () => t('common.cancel'), value: 'cancel' },
        { label: confirmLabel, value: 'ok', primary: true, danger },
      ],
    });
    return answer.button === 'ok';
  }

  async prompt(
    title: DialogText,
    inputLabel: DialogText,
    value: string,
    okLabel: DialogText = () => t('dialogs.ok'),
  ): Promise<string | null> {
    const answer = await this.ask({
      title,
      input: value,
      inputLabel,
      buttons: [
        { label: () => t('common.cancel'), value: 'cancel' },
        { label: okLabel, value: 'ok', primary: true },
      ],
    });
    return answer.button === 'ok' ? answer.input : null;
  }

  answer(button: string, input = ''): void {
    const req = this.current;
    this.current = null;
    req?.resolve({ button, input });
  }
}

export const dialogs = new Dialogs();
