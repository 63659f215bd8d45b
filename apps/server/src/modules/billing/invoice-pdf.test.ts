/**
 * The invoice PDF's layout rules, drawn without a database: the summary (total − payments − credits =
 * amount due) and the closing note never leave a page to themselves, whatever the number of lines; every
 * page's header and footer are artifacts; the charge table repeats its headings as a new table per page.
 */
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../lib/brand';
import { pdfPageTexts, pdfStructure, readingOrder, structElements } from '../../../test/pdf-text';
import { renderInvoicePdf, type InvoicePdfData } from './invoice-pdf';

const data = (lines: number, credits = 1): InvoicePdfData => ({
  brand: BRAND,
  language: 'en',
  taxRegistrations: [],
  invoiceNumber: 'INV-7',
  accountNumber: 'C-1',
  currency: 'CAD',
  issueDate: new Date('2025-02-01T00:00:00Z'),
  dueDate: '2025-02-21',
  startDate: '2025-01-01',
  endDate: '2025-01-31',
  billTo: { name: 'Pat Lee', lines: ['100 King St W'] },
  lines: Array.from({ length: lines }, (_, i) => ({
    category: 'Usage',
    description: `Call ${i + 1}`,
    startDate: '2025-01-05',
    endDate: '2025-01-05',
    quantity: '1',
    amount: '1.00',
  })),
  subtotal: `${lines}.00`,
  taxes: '0.00',
  total: `${lines}.00`,
  payments: [],
  paymentsTotal: '0.00',
  credits: Array.from({ length: credits }, (_, i) => ({
    date: new Date('2025-02-10T00:00:00Z'),
    line: `Call ${i + 1}`,
    reason: 'WrongAmount' as const,
    disputeId: BigInt(i + 1),
    amount: '1.00',
  })),
  creditsTotal: `${credits}.00`,
  invoiceTotal: `${lines}.00`,
  amountDue: `${lines - credits}.00`,
  status: 'PartiallyCredited',
  changes: {
    heading: 'What changed on this bill',
    summary: 'Your bill is $5.00 higher than last time ($0.00).',
    causes: [{ text: 'Roaming: $5.00 this bill, $0.00 the last.', amount: '5.00' }],
  },
  account: {
    previousBalance: '0.00',
    paymentsReceived: '0.00',
    creditsAndAdjustments: '0.00',
    balanceForward: '0.00',
    charges: `${lines}.00`,
    taxes: '0.00',
    totalDue: `${lines}.00`,
  },
});

describe('the invoice PDF on paper', () => {
  it('keeps Amount due and the closing note together on the last page, for every length', async () => {
    for (let lines = 1; lines <= 70; lines += 1) {
      const pages = pdfPageTexts(await renderInvoicePdf(data(lines)));
      const last = pages.at(-1)!;
      expect(last, `${lines} lines`).toContain('Questions about this bill?');
      expect(last, `${lines} lines`).toContain('Amount due');
      expect(last, `${lines} lines`).toContain('Total credits');
    }
  });

  it('repeats the charge headings on a continued page as a table of its own, and reads no page furniture', async () => {
    const pdf = await renderInvoicePdf(data(60, 2));
    const pages = pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]).toContain('Invoice INV-7 (continued)');
    const structure = pdfStructure(pdf);
    const elements = structElements(structure.root!);
    const chargeTables = elements.filter((e) => e.type === 'Table' && e.children[0]?.children[0]?.text === 'DESCRIPTION');
    expect(chargeTables.length).toBe(pages.filter((page) => page.includes('QTY')).length);
    expect(chargeTables.length).toBeGreaterThan(1);
    const read = readingOrder(structure);
    expect(read).not.toContain('Invoice INV-7 (continued)');
    expect(read.filter((t) => t.startsWith('Page '))).toEqual([]);
    // Every call, once, in order.
    const calls = read.filter((t) => /^Call \d+$/.test(t)).slice(0, 60);
    expect(calls).toEqual(Array.from({ length: 60 }, (_, i) => `Call ${i + 1}`));
  });
});
