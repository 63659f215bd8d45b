/** The provider's tax registrations printed on its documents (invoices, receipts, statements). Pure. */

/** The provider's tax registration numbers (configuration); either may be unset. */
export interface TaxNumbers {
  gstHst?: string | undefined;
  qst?: string | undefined;
}

/** The numbers `TAX_GST_HST_NUMBER` and `TAX_QST_NUMBER` configure. */
export const taxNumbersOf = (config: { TAX_GST_HST_NUMBER?: string | undefined; TAX_QST_NUMBER?: string | undefined }): TaxNumbers => ({
  gstHst: config.TAX_GST_HST_NUMBER,
  qst: config.TAX_QST_NUMBER,
});

/** A tax registration number printed under the provider's address. */
export interface TaxRegistration {
  kind: 'gstHst' | 'qst';
  number: string;
}

/** Which registrations a document shows: GST/HST on every Canadian account's, QST only on Quebec's. */
export const taxRegistrationsFor = (address: { country: string | null; province: string | null }, numbers: TaxNumbers): TaxRegistration[] => {
  if (address.country !== 'CA') return [];
  const registrations: TaxRegistration[] = [];
  if (numbers.gstHst) registrations.push({ kind: 'gstHst', number: numbers.gstHst });
  if (numbers.qst && address.province === 'QC') registrations.push({ kind: 'qst', number: numbers.qst });
  return registrations;
};
