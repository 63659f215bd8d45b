/**
 * Changes that are not navigations but would drop a form's unsaved edits (switching account in the selector):
 * a screen with unsaved edits registers how to ask, and such actions run through `whenNoUnsavedChanges`.
 * Navigations are held by react-router's blocker instead (see the account feature's UnsavedChangesGuard).
 */
type Ask = (proceed: () => void) => void;

let ask: Ask | null = null;

/** Registers (or, with null, removes) how to ask before dropping unsaved edits. Returns the unregistering call. */
export const setUnsavedChangesPrompt = (next: Ask | null): (() => void) => {
  ask = next;
  return () => {
    if (ask === next) ask = null;
  };
};

/** Runs `action` at once, or once the person has agreed to drop their unsaved edits (never if they stay). */
export const whenNoUnsavedChanges = (action: () => void): void => {
  if (ask) ask(action);
  else action();
};
