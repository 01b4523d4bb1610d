/**
 * A document view's input-method compositions, from the editor's composition events to what the
 * window does about them: hold the changes made elsewhere and tell the core (`began`), tell it
 * again now and then while the composition goes on (`renewed`), and let go once it has ended and
 * the editor has taken the committed text (`ended`, one turn of the event loop after
 * compositionend, when the editor has reported its last edit).
 *
 * A composition that starts again before that turn (Korean input commits each syllable as the
 * next one begins) keeps everything held: the view lets go only in a pause between compositions.
 * Pure: the caller passes the clock and the way to run something on the next turn.
 */
import { COMPOSITION_RENEW_MS } from '../collab/compositions';

export interface CompositionSink {
  began(): void;
  renewed(): void;
  ended(): void;
}

export class CompositionTracker {
  /** Between compositionstart and compositionend. */
  private composing = false;
  /** Changes are held and the core was told (from the first start to the `ended` turn). */
  private held = false;
  private toldAt = 0;
  private endQueued = false;

  constructor(
    private readonly sink: CompositionSink,
    private readonly nextTurn: (run: () => void) => void,
    private readonly now: () => number,
  ) {}

  /** Whether changes are held for a composition now. */
  get holding(): boolean {
    return this.held;
  }

  /** compositionstart. */
  start(): void {
    this.composing = true;
    if (this.held) return;
    this.held = true;
    this.toldAt = this.now();
    this.sink.began();
  }

  /** compositionupdate: a composition goes on (one whose start was missed starts here). */
  update(): void {
    if (!this.composing) {
      this.start();
      return;
    }
    if (this.now() - this.toldAt < COMPOSITION_RENEW_MS) return;
    this.toldAt = this.now();
    this.sink.renewed();
  }

  /** compositionend: let go on the next turn, unless another composition has begun by then. */
  end(): void {
    this.composing = false;
    if (!this.held || this.endQueued) return;
    this.endQueued = true;
    this.nextTurn(() => {
      this.endQueued = false;
      if (this.composing || !this.held) return;
      this.held = false;
      this.sink.ended();
    });
  }

  /**
   * A key pressed outside any composition while one seemed to go on: the browser ended it without
   * a compositionend (a key an input method takes is `isComposing`, or key code 229).
   */
  key(isComposing: boolean, keyCode: number): void {
    if (this.composing && !isComposing && keyCode !== 229) this.end();
  }

  /** The view goes away: whatever was held is let go now. */
  stop(): void {
    this.composing = false;
    if (!this.held) return;
    this.held = false;
    this.sink.ended();
  }
}
