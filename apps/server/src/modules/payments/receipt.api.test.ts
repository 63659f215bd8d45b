/**
 * Payment/{paymentId}/receipt: a successful payment's receipt PDF in the account's language, with its
 * receipt number (never the payment's id), the payment's reference, the invoices it paid, the amount,
 * the card, the date in the account's time zone, the balance left after it and the provider's tax
 * numbers, tagged for screen readers; 404 for another account's payment, 409 for one that has not succeeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addresses } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPayment } from '../../../test/factories';
import { pdfStructure, pdfText, readingOrder, structElements } from '../../../test/pdf-text';
import { renderPaymentReceipt } from './receipt';

const GST_HST = '123456789 RT0001';
const QST = '1234567890 TQ0001';
// 03:30 UTC on Mar 1 is still Feb 28 in Montréal and Toronto (UTC−5).
const PAID_AT = new Date('2025-03-01T03:30:00Z');

let ctx: TestContext;

/** A customer with a billing address, two posted invoices and a Visa payment that paid both. */
const paidCustomer = async (
  language: 'English' | 'French',
  address: { city: string; province: string; postal: string; country: string },
) => {
  const db = ctx.database.db;
  const customer = await createCustomer(ctx, { language, name: 'Camille Roy', invoiceName: 'Camille Roy' });
  const { address: row } = await createBillingDetails(db, customer.account.id);
  await db.update(addresses).set(address).where(eq(addresses.id, row.id));
  const january = await createInvoice(db, customer.account.id, { amount: '66.35' });
  const february = await createInvoice(db, customer.account.id, {
    amount: '40.00',
    startDate: '2025-02-01',
    endDate: '2025-02-28',
    dueDate: '2025-03-21',
  });
  const payment = await createPayment(db, customer.account.id, {
    date: PAID_AT,
    cardBrand: 'Visa',
    cardLast4: '4242',
    providerRef: `pi_3MtwBwLkdIwHu7ix28a3${language.slice(0, 2)}Pa`,
    assignments: [
      { receivableId: january.arId!, amount: '66.35' },
      { receivableId: february.arId!, amount: '10.00' },
    ],
  });
  return { ...customer, payment, january, february };
};

let french: Awaited<ReturnType<typeof paidCustomer>>;
let english: Awaited<ReturnType<typeof paidCustomer>>;

beforeAll(async () => {
  ctx = await buildTestApp({ config: { TAX_GST_HST_NUMBER: GST_HST, TAX_QST_NUMBER: QST } });
  french = await paidCustomer('French', { city: 'Montréal', province: 'QC', postal: 'H2X 1Y4', country: 'CA' });
  english = await paidCustomer('English', { city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' });
});
afterAll(() => ctx.close());

const receipt = (paymentId: bigint, headers: Record<string, string>) =>
  ctx.app.inject({ url: `/b/v1/Payment/${paymentId}/receipt`, headers });

describe('a successful payment’s receipt', () => {
  it('is English for an English account: amount, card, date in its zone, the invoices paid, GST/HST', async () => {
    const res = await receipt(english.payment.id, english.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = english.payment.receiptNumber;
    expect(number).toMatch(/^R-\d{7}$/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Receipt-${number}.pdf"; filename*=UTF-8''Receipt-${number}.pdf`,
    );
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'RECEIPT',
      'Receipt number',
      number,
      'Payment reference',
      'pi_3MtwBwLkdIwHu7ix28a3EnPa',
      english.account.customerNo,
      'Payment date',
      'Feb 28, 2025',
      'Visa ending in 4242',
      'RECEIVED FROM',
      'Camille Roy',
      'AMOUNT PAID',
      '$76.35',
      'Paid Feb 28, 2025  ·  CAD',
      'Invoices paid',
      english.january.invoiceNumber,
      'Jan 1 – Jan 31, 2025',
      '$66.35',
      english.february.invoiceNumber,
      'Mar 21, 2025',
      '$10.00',
      'Total applied',
      // Both invoices (106.35) less this payment (76.35).
      'Balance remaining after this payment',
      '$30.00',
      `GST/HST registration no. ${GST_HST}`,
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('QST');
    expect(text).not.toContain('Mar 1, 2025');
  });

  it('is French for a French (Quebec) account: labels, fr-CA money and dates, both tax numbers', async () => {
    const res = await receipt(french.payment.id, french.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="Recu-${french.payment.receiptNumber}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'REÇU',
      'Numéro de reçu',
      french.payment.receiptNumber,
      'Référence du paiement',
      'pi_3MtwBwLkdIwHu7ix28a3FrPa',
      'Date du paiement',
      '28 févr. 2025',
      'Visa se terminant par 4242',
      'REÇU DE',
      'MONTANT PAYÉ',
      '76,35\u00a0$',
      'Factures payées',
      french.january.invoiceNumber,
      '66,35\u00a0$',
      '10,00\u00a0$',
      'Total appliqué',
      'Solde restant après ce paiement',
      '30,00\u00a0$',
      `No d'inscription TPS/TVH ${GST_HST}`,
      `No d'inscription TVQ ${QST}`,
      'Page 1 de 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const english of ['RECEIPT', 'Total applied', '$76.35', 'Feb 28, 2025']) expect(text, english).not.toContain(english);
  });

  it('numbers receipts apart from payment ids, one number per payment', async () => {
    const numbers = [english.payment, french.payment].map((p) => p.receiptNumber);
    expect(new Set(numbers).size).toBe(2);
    for (const payment of [english.payment, french.payment]) {
      expect(payment.receiptNumber).toMatch(/^R-\d{7}$/);
      expect(payment.receiptNumber).not.toBe(String(payment.id));
    }
  });

  it('says "in credit" when the payment left the account in credit', async () => {
    const customer = await createCustomer(ctx, { language: 'English' });
    await createBillingDetails(ctx.database.db, customer.account.id);
    await createInvoice(ctx.database.db, customer.account.id, { amount: '20.00' });
    const payment = await createPayment(ctx.database.db, customer.account.id, { amount: '25.00', date: PAID_AT });
    const text = pdfText((await receipt(payment.id, customer.headers)).rawPayload);
    expect(text).toContain('$5.00 in credit');
  });

  it('is a tagged PDF in the account’s language: heading, tables with headers, reading order', async () => {
    for (const [customer, lang, title] of [
      [english, 'en-US', 'RECEIPT'],
      [french, 'fr-CA', 'REÇU'],
    ] as const) {
      const structure = pdfStructure((await receipt(customer.payment.id, customer.headers)).rawPayload);
      expect(structure).toMatchObject({ lang, marked: true, displayDocTitle: true });
      const [document] = structure.root!;
      expect(document!.type).toBe('Document');
      const elements = structElements(structure.root!);
      expect(elements.filter((e) => e.type === 'H1').map((e) => e.text)).toEqual([title]);
      expect(elements.filter((e) => e.type === 'Table')).toHaveLength(3);
      expect(elements.filter((e) => e.type === 'TH' && e.scope === 'Column')).toHaveLength(4);
      const read = readingOrder(structure);
      // The title first, the receipt number with its label, the invoices paid before the totals; footers are not read.
      expect(read[0]).toBe(title);
      expect(read.indexOf(customer.payment.receiptNumber)).toBe(
        read.indexOf(lang === 'en-US' ? 'Receipt number' : 'Numéro de reçu') + 1,
      );
      expect(read.indexOf(customer.january.invoiceNumber)).toBeLessThan(
        read.findIndex((t) => t.startsWith(lang === 'en-US' ? 'Balance remaining' : 'Solde restant')),
      );
      expect(read.some((t) => t.startsWith('Page 1'))).toBe(false);
    }
  });

  it('answers 404 for another account’s payment, exactly as for an unknown one', async () => {
    const other = await receipt(english.payment.id, french.headers);
    const unknown = await receipt(987654321n, french.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'The payment was not found.' });
    expect(unknown.json()).toEqual(other.json());
  });

  it.each([
    ['InProgress', 'This payment is still being processed: its receipt is available once the payment has succeeded.'],
    ['Error', 'This payment did not succeed, so nothing was received and there is no receipt.'],
  ] as const)('answers 409 for a payment that is %s, saying why', async (status, message) => {
    const payment = await createPayment(ctx.database.db, english.account.id, { status });
    const res = await receipt(payment.id, english.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: message });
    expect(await renderPaymentReceipt({ db: ctx.database.db, clock: ctx.clock, config: ctx.app.config }, payment.id)).toBeNull();
  });

  it('renders the same receipt for the payment-succeeded email (no caller)', async () => {
    const rendered = await renderPaymentReceipt({ db: ctx.database.db, clock: ctx.clock, config: ctx.app.config }, french.payment.id);
    expect(rendered?.fileName).toBe(`Recu-${french.payment.receiptNumber}.pdf`);
    expect(pdfText(rendered!.pdf)).toContain('Visa se terminant par 4242');
  });
});
