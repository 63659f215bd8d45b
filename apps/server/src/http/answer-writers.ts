/**
 * The JSON of the hottest answers written field by field, for a request that reads them afresh
 * (docs/decisions/0030-fast-without-a-cache.md): encoding through the response schema checks and copies
 * every field, which cost more than the rest of the answer. Each writer lists its schema's fields in the
 * schema's order; outside production `cachedRoute` encodes every answer both ways and refuses a difference,
 * so every test of these routes holds a writer to its schema.
 */
import type { HomeModel, InvoiceDetails, InvoiceListItem, Paged } from '@portal/contract';

const text = (value: string): string => JSON.stringify(value);

const orNull = <T>(value: T | null, write: (v: T) => string): string => (value === null ? 'null' : write(value));

/** A finite number as JSON writes it; anything else is refused as the schema would (a 500, never a wrong answer). */
const number = (value: number): string => {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number in an answer: ${value}`);
  return JSON.stringify(value);
};

const id = (value: bigint): string => value.toString();

const list = <T>(items: readonly T[], write: (item: T) => string): string => {
  let json = '[';
  for (let i = 0; i < items.length; i += 1) json += (i === 0 ? '' : ',') + write(items[i]!);
  return `${json}]`;
};

export const writeHomeModel = (model: HomeModel): string =>
  `{"balances":${list(model.balances, (b) => `{"amount":${number(b.amount)},"currency":{"code":${text(b.currency.code)}}}`)}` +
  `,"recentPayments":${list(
    model.recentPayments,
    (p) =>
      `{"id":${id(p.id)},"date":${text(p.date)},"amount":${number(p.amount)},"currency":${text(p.currency)},"status":${text(p.status)}` +
      `,"description":${orNull(p.description, text)},"type":${text(p.type)}` +
      `,"card":${orNull(p.card, (c) => `{"brand":${text(c.brand)},"last4":${text(c.last4)}}`)}` +
      `,"method":${orNull(p.method, text)},"failureReason":${orNull(p.failureReason, text)}}`,
  )}` +
  `,"paymentDueDate":${orNull(model.paymentDueDate, text)}` +
  `,"overdue":${list(model.overdue, (o) => `{"amount":${number(o.amount)},"currency":{"code":${text(o.currency.code)}},"since":${text(o.since)}}`)}}`;

const writeListItem = (item: InvoiceListItem): string =>
  `{"id":${id(item.id)},"accountId":${id(item.accountId)},"invoiceNumber":${text(item.invoiceNumber)}` +
  `,"startDate":${text(item.startDate)},"endDate":${text(item.endDate)},"dueDate":${text(item.dueDate)}` +
  `,"postedDate":${orNull(item.postedDate, text)},"amount":${number(item.amount)},"currency":${text(item.currency)}` +
  `,"owing":${number(item.owing)},"credited":${number(item.credited)}` +
  `,"s3UrlDetails":{"urls":${list(item.s3UrlDetails.urls, (u) => `{"name":${text(u.name)},"url":${text(u.url)}}`)}}}`;

export const writeInvoicePage = (page: Paged<InvoiceListItem>): string =>
  `{"value":${list(page.value, writeListItem)}${page.count === undefined ? '' : `,"count":${number(page.count)}`}}`;

export const writeInvoiceDetails = (details: InvoiceDetails): string => {
  const { invoice } = details;
  return (
    `{"invoice":{"id":${id(invoice.id)},"accountId":${id(invoice.accountId)},"invoiceNumber":${text(invoice.invoiceNumber)}` +
    `,"state":${text(invoice.state)},"startDate":${text(invoice.startDate)},"endDate":${text(invoice.endDate)}` +
    `,"dueDate":${text(invoice.dueDate)},"postedDate":${orNull(invoice.postedDate, text)},"amount":${number(invoice.amount)}` +
    `,"currency":${text(invoice.currency)}}` +
    `,"owing":${number(details.owing)},"credited":${number(details.credited)},"arId":${id(details.arId)}` +
    `,"payments":${list(
      details.payments,
      (p) =>
        `{"payment":{"id":${id(p.payment.id)},"date":${text(p.payment.date)},"description":${orNull(p.payment.description, text)}` +
        `,"currency":${text(p.payment.currency)},"status":${text(p.payment.status)}}` +
        `,"paymentAssignment":{"id":${id(p.paymentAssignment.id)},"amount":${number(p.paymentAssignment.amount)}}}`,
    )}` +
    `,"credits":${list(
      details.credits,
      (c) =>
        `{"id":${id(c.id)},"date":${text(c.date)},"amount":${number(c.amount)},"currency":${text(c.currency)}` +
        `,"line":${orNull(c.line, text)},"disputeId":${orNull(c.disputeId, id)},"reason":${orNull(c.reason, text)}}`,
    )}}`
  );
};
