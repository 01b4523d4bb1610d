/** Modal questions the UI asks the person: confirmations and names, answered through a promise. */

export interface DialogButton {
  label: string;
  value: string;
  primary?: boolean;
  danger?: boolean;
}

export interface DialogRequest {
  title: string;
  message?: string;
  /** When set, the dialog asks for a line of text starting with this value. */
  input?: string;
  inputLabel?: string;
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
    title: string,
    message: string,
    confirmLabel: string,
    danger = false,
  ): Promise<boolean> {
    const answer = await this.ask({
      title,
      message,
      buttons: [
        { label: 'Cancel', value: 'cancel' },
        { label: confirmLabel, value: 'ok', primary: true, danger },
      ],
    });
    return answer.button === 'ok';
  }

  async prompt(
    title: string,
    inputLabel: string,
    value: string,
    okLabel = 'OK',
  ): Promise<string | null> {
    const answer = await this.ask({
      title,
      input: value,
      inputLabel,
      buttons: [
        { label: 'Cancel', value: 'cancel' },
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
