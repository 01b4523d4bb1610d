/**
 * The person's editing preferences as the editors read them at the moment of a keystroke (the
 * window keeps them in step with Settings), so a change applies at once to open documents.
 */
export const editorPrefs = {
  /** Type the closing bracket or quote with the opening one (Settings → Editor). */
  autoPair: true,
  /** Dim everything but the block being written (F8). */
  focusMode: false,
  /** Keep the line being written in the middle of the pane (F9). */
  typewriter: false,
  /** Counts switches of the two modes, so open editors redraw. */
  modes: 0,
};
