import { useEffect } from 'react';
import { appConfig } from '@/config/app';

/**
 * Sets the document title ("Invoices · Example Telecom"). Every page calls it: the title is the first thing a
 * screen reader announces after a route change (WCAG 2.4.2), and the root layout announces it too.
 */
export const usePageTitle = (title: string | null | undefined): void => {
  useEffect(() => {
    document.title = title ? `${title} · ${appConfig.productName}` : appConfig.productName;
  }, [title]);
};
