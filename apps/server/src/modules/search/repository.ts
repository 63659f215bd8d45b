/**
 * SQL of GET Search: accounts (customer number, name, invoice name, invoice email), Posted invoices
 * (invoice number) and contacts (name, email, phone by its digits), only of accounts the caller may
 * see. Relevance: 0 exact, 1 starts with, 2 contains; then title.
 *
 * Names, emails and phone digits are matched through trigram indexes (pg_trgm, migration 0008), so a
 * "contains" search does not scan every account and contact.
 *
 * Each branch is cut to skip+take rows in that order before the union, so a short search text over
 * many invoices sorts at most a page's worth per branch. Invoice numbers are matched exactly or by
 * prefix through invoices_number_lower_pattern_idx (invoices are by far the largest table); the
 * account and contact branches scan tables whose size is bounded by the number of accounts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SearchMatchedField } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { visibleAccountsCondition } from '../../lib/access';
import type { Caller } from '../../lib/caller';
import type { SearchTerms } from './terms';

export type SearchRow = {
  kind: 'account' | 'invoice' | 'contact';
  id: bigint;
  account_id: bigint;
  account_name: string;
  account_parent_id: bigint | null;
  title: string;
  subtitle: string | null;
  matched_field: SearchMatchedField;
  matched_value: string;
  rank: number;
};

/** The account list name of Account/names, "{name} ({customer number})", of the joined account `a`. */
const accountName = sql`a.name || ' (' || a.customer_no || ')'`;

const digitsOf = (column: SQL): SQL => sql`regexp_replace(coalesce(${column}, ''), '\\D', '', 'g')`;

const visible = (caller: Caller, column: SQL): SQL => {
  const condition = visibleAccountsCondition(caller, column);
  return condition ? sql`and ${condition}` : sql``;
};

const branches = (caller: Caller, t: SearchTerms, limit: number | null): SQL[] => {
  // Output names (rank, title) can be sorted on only from outside the select that names them.
  const cut = (branch: SQL): SQL =>
    limit === null ? sql`(${branch})` : sql`(select * from (${branch}) b order by rank, lower(title), id limit ${limit})`;
  const phone = t.phoneDigits
    ? sql`or ${digitsOf(sql`c.primary_phone`)} like ${`%${t.phoneDigits}%`}`
    : sql``;
  const phoneExact = t.phoneDigits ? sql`or ${digitsOf(sql`c.primary_phone`)} = ${t.phoneDigits}` : sql``;
  const fullName = sql`lower(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')))`;
  // Only emails hold an `@`: asking nothing else keeps the plan on the email indexes.
  const accountMatch = t.email
    ? sql`lower(a.invoice_email_address) like ${t.prefix}`
    : sql`(lower(a.customer_no) like ${t.prefix} or lower(a.name) like ${t.contains} or lower(a.invoice_name) like ${t.contains}
        or lower(a.invoice_email_address) like ${t.prefix})`;
  const contactMatch = t.email
    ? sql`lower(c.primary_email) like ${t.prefix}`
    : sql`(${fullName} like ${t.contains} or lower(c.primary_email) like ${t.prefix} ${phone})`;
  return [
    cut(sql`select 'account' as kind, a.id, a.id as account_id, ${accountName} as account_name, a.parent_id as account_parent_id, a.name as title,
        concat_ws(' · ', 'Account ' || a.customer_no, a.invoice_email_address) as subtitle,
        case
          when lower(a.customer_no) like ${t.prefix} then 'accountNumber'
          when lower(a.name) like ${t.contains} then 'accountName'
          when lower(a.invoice_name) like ${t.contains} then 'invoiceName'
          else 'invoiceEmail' end as matched_field,
        case
          when lower(a.customer_no) like ${t.prefix} then a.customer_no
          when lower(a.name) like ${t.contains} then a.name
          when lower(a.invoice_name) like ${t.contains} then a.invoice_name
          else a.invoice_email_address end as matched_value,
        case
          when lower(a.customer_no) = ${t.exact} or lower(a.name) = ${t.exact} or lower(a.invoice_name) = ${t.exact}
            or lower(a.invoice_email_address) = ${t.exact} then 0
          when lower(a.customer_no) like ${t.prefix} or lower(a.name) like ${t.prefix} or lower(a.invoice_name) like ${t.prefix}
            or lower(a.invoice_email_address) like ${t.prefix} then 1
          else 2 end as rank
      from accounts a
      where ${accountMatch} ${visible(caller, sql`a.id`)}`),
    cut(sql`select 'invoice' as kind, i.id, i.account_id, ${accountName} as account_name, a.parent_id as account_parent_id, 'Invoice ' || i.invoice_number as title,
        concat_ws(' · ', a.name, i.start_date::text || ' to ' || i.end_date::text) as subtitle,
        'invoiceNumber' as matched_field, i.invoice_number as matched_value,
        case when lower(i.invoice_number) = ${t.exact} then 0 else 1 end as rank
      from invoices i join accounts a on a.id = i.account_id
      where lower(i.invoice_number) like ${t.prefix} and i.state = 'Posted' ${visible(caller, sql`i.account_id`)}`),
    cut(sql`select 'contact' as kind, c.id, c.account_id, ${accountName} as account_name, a.parent_id as account_parent_id,
        coalesce(nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), c.primary_email, c.primary_phone, 'Contact') as title,
        concat_ws(' · ', c.primary_email, c.primary_phone, a.name) as subtitle,
        case when ${fullName} like ${t.contains} then 'contactName' when lower(c.primary_email) like ${t.prefix} then 'contactEmail' else 'contactPhone' end
          as matched_field,
        case when ${fullName} like ${t.contains} then trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))
          when lower(c.primary_email) like ${t.prefix} then c.primary_email else c.primary_phone end as matched_value,
        case
          when ${fullName} = ${t.exact} or lower(c.primary_email) = ${t.exact} ${phoneExact} then 0
          when ${fullName} like ${t.prefix} or lower(c.first_name) like ${t.prefix} or lower(c.last_name) like ${t.prefix}
            or lower(c.primary_email) like ${t.prefix} then 1
          else 2 end as rank
      from contacts c join accounts a on a.id = c.account_id
      where ${contactMatch} ${visible(caller, sql`c.account_id`)}`),
  ];
};

/** One page of hits, best first. */
export const searchPage = async (db: PortalDb, caller: Caller, terms: SearchTerms, skip: number, take: number): Promise<SearchRow[]> => {
  const { rows } = await db.execute<SearchRow>(sql`
    select kind, id, account_id, account_name, account_parent_id, title, subtitle, matched_field, matched_value, rank from (${sql.join(branches(caller, terms, skip + take), sql` union all `)}) hits
    order by rank, lower(title), kind, id
    limit ${take} offset ${skip}`);
  return rows;
};

/** How many hits there are in all. */
export const countHits = async (db: PortalDb, caller: Caller, terms: SearchTerms): Promise<number> => {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (${sql.join(branches(caller, terms, null), sql` union all `)}) hits`);
  return rows[0]!.n;
};
