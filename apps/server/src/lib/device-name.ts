import Bowser from 'bowser';

/** "Chrome on macOS", "Safari on iOS": how a person recognises a session in their list. */
export const deviceName = (userAgent: string | undefined): string => {
  if (!userAgent?.trim()) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || 'Unknown device';
};
