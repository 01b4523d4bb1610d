/**
 * The person's editing preferences as the editors read them at the moment of a keystroke (the
 * window keeps them in step with Settings), so a change applies at once to open documents.
 */
export const editorPrefs = {
  /** Type the closing bracket or quote with the opening one (Settings → Editor). */
  autoPair: true,
};
