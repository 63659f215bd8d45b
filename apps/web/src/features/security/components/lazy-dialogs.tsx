import { lazyDialog } from '@/components/lazy-dialog';

const load = () => import('./session-dialogs');

/** Starts downloading the confirmations once the list shows, so the first click opens one at once. */
export const preloadSessionDialogs = (): void => {
  void load();
};

export const EndSessionDialog = lazyDialog(load, (m) => m.EndSessionDialog);
export const EndOtherSessionsDialog = lazyDialog(load, (m) => m.EndOtherSessionsDialog);

const loadIdle = () => import('./idle-warning-dialog');

export const preloadIdleWarningDialog = (): void => {
  void loadIdle();
};

export const IdleWarningDialog = lazyDialog(loadIdle, (m) => m.IdleWarningDialog);

// The set-up dialog brings the QR code library: it downloads only on this screen, when a button is reached.
const loadTwoFactor = () => import('./two-factor-dialogs');

export const preloadTwoFactorDialogs = (): void => {
  void loadTwoFactor();
};

export const TurnOnTwoFactorDialog = lazyDialog(loadTwoFactor, (m) => m.TurnOnTwoFactorDialog);
export const TurnOffTwoFactorDialog = lazyDialog(loadTwoFactor, (m) => m.TurnOffTwoFactorDialog);
export const NewRecoveryCodesDialog = lazyDialog(loadTwoFactor, (m) => m.NewRecoveryCodesDialog);

const loadPasskey = () => import('./passkey-dialogs');

export const preloadPasskeyDialogs = (): void => {
  void loadPasskey();
};

export const RemovePasskeyDialog = lazyDialog(loadPasskey, (m) => m.RemovePasskeyDialog);
