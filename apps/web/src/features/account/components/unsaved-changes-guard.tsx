import { useCallback, useEffect, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { paths } from '@/config/paths';
import { setUnsavedChangesPrompt } from '@/lib/unsaved-changes';
import { preloadAccountDialogs, UnsavedChangesDialog } from './lazy-dialogs';

/**
 * Whether leaving for `nextLocation` should be asked about: another page of the portal. Signing out (Log off,
 * the idle timeout, a 401) is never held: the session is ending and the edits could not be saved anyway.
 */
export const shouldAskBeforeLeaving: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname &&
  nextLocation.pathname !== paths.logout &&
  nextLocation.pathname !== paths.login;

/**
 * Keeps unsaved edits from being lost (docs/decisions/0015-screens-fit-a-phone.md): while `dirty`, navigating inside the app (links,
 * Back/Forward) asks "Leave without saving?" (react-router's blocker: the router is a data router), and closing
 * or reloading the tab brings up the browser's own `beforeunload` prompt. Switching account in the selector (not a
 * navigation) asks the same question through `lib/unsaved-changes`.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(useCallback<BlockerFunction>((args) => dirty && shouldAskBeforeLeaving(args), [dirty]));

  useEffect(() => {
    if (dirty) preloadAccountDialogs();
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Both are needed: preventDefault for current browsers, returnValue for older Chromium and Safari.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Switching account: the action waits for the answer.
  const [pending, setPending] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!dirty) return;
    return setUnsavedChangesPrompt((proceed) => setPending(() => proceed));
  }, [dirty]);

  // Saved or cancelled while a navigation waited (it cannot happen behind the modal, but stay safe): let it go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked' || pending !== null}
      onStay={() => {
        setPending(null);
        blocker.reset?.();
      }}
      onLeave={() => {
        const action = pending;
        setPending(null);
        if (action) action();
        else blocker.proceed?.();
      }}
    />
  );
}
