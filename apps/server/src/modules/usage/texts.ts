import type { Texts } from '../../lib/language';

export interface UsageTexts {
  exportFileName: (customerNo: string, from: string | undefined, to: string | undefined) => string;
}

const range = (from: string | undefined, to: string | undefined) => `${from ? `-${from}` : ''}${to ? `-${to}` : ''}`;

/** The export's file name in the account's language; its header and types are the invoice CDR file's. */
export const USAGE_TEXTS: Texts<UsageTexts> = {
  en: { exportFileName: (customerNo, from, to) => `Usage-${customerNo}${range(from, to)}.csv` },
  fr: { exportFileName: (customerNo, from, to) => `Consommation-${customerNo}${range(from, to)}.csv` },
};
