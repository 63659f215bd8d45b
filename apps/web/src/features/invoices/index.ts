/** Invoices: the list and the invoice detail pages. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const invoicesPages = {
  invoiceList: () => import('./routes/invoice-list'),
  invoiceDetail: () => import('./routes/invoice-detail'),
};
