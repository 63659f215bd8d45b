import type { InvoiceListItem } from '@portal/contract';

/** The PDF link of an invoice list item (`s3UrlDetails.urls` entry named "PDF"), or null. */
export const pdfUrl = (invoice: Pick<InvoiceListItem, 's3UrlDetails'>): string | null =>
  invoice.s3UrlDetails.urls.find((u) => u.name === 'PDF')?.url ?? null;
