import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createInvoice, createUser, tokenFor } from '../../../test/factories';

let ctx: TestContext;
let customer: Record<string, string>;
let staff: Record<string, string>;
let own: Awaited<ReturnType<typeof createAccount>>;
let sub: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let ownInvoice: Awaited<ReturnType<typeof createInvoice>>;

type Hit = { kind: string; id: number; accountId: number; title: string; subtitle: string | null };

const search = async (text: string, headers = customer, extra = '') => {
  const res = await ctx.app.inject({ url: `/b/v1/Search?search=${encodeURIComponent(text)}${extra}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { value: Hit[]; count?: number };
};
const titles = (body: { value: Hit[] }) => body.value.map((h) => `${h.kind}:${h.title}`);

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  own = await createAccount(db, { name: 'Smith Family', customerNo: 'C-1001', invoiceName: 'J. Smith', invoiceEmailAddress: 'bills@smith.example' });
  sub = await createAccount(db, { name: 'Smithson Teen Line', customerNo: 'C-1002', parentId: own.id });
  other = await createAccount(db, { name: 'Smith Hardware', customerNo: 'C-2001', invoiceEmailAddress: 'ap@hardware.example' });
  await db.insert(contacts).values([
    { accountId: own.id, firstName: 'Jane', lastName: 'Smith', primaryEmail: 'jane@smith.example', primaryPhone: '+1 (416) 555-0100' },
    { accountId: sub.id, firstName: 'Tom', lastName: 'Smithson', primaryEmail: 'tom@smith.example', primaryPhone: '416.555.0199' },
    { accountId: other.id, firstName: 'John', lastName: 'Smith', primaryEmail: 'john@hardware.example', primaryPhone: '+1 416 555 0100' },
  ]);
  ownInvoice = await createInvoice(db, own.id, { invoiceNumber: 'INV-7001' });
  await createInvoice(db, own.id, { invoiceNumber: 'INV-7002' });
  await createInvoice(db, own.id, { invoiceNumber: 'INV-7003', state: 'Draft' });
  await createInvoice(db, other.id, { invoiceNumber: 'INV-7004' });
  customer = bearer(await tokenFor(db, await createUser(db, { accountIds: [own.id] })));
  staff = bearer(await tokenFor(db, await createUser(db, { roles: ['Admin'] }), { accountIds: [] }));
});
afterAll(() => ctx.close());

describe('GET /b/v1/Search', () => {
  it('finds accounts, contacts and invoices by name within the caller’s accounts, exact matches first', async () => {
    const body = await search('smith', customer, '&count=true');
    expect(titles(body)).toEqual([
      // All start with the text (a name or last name): by title.
      'contact:Jane Smith',
      'account:Smith Family',
      'account:Smithson Teen Line',
      'contact:Tom Smithson',
    ]);
    expect(body.count).toBe(4);
    expect(body.value[1]).toEqual({
      kind: 'account',
      id: Number(own.id),
      accountId: Number(own.id),
      accountName: 'Smith Family (C-1001)',
      accountParentId: null,
      title: 'Smith Family',
      subtitle: 'Account C-1001 · bills@smith.example',
      matched: { field: 'accountName', value: 'Smith Family' },
    });
  });

  it('ranks an exact match first', async () => {
    expect(titles(await search('jane smith'))).toEqual(['contact:Jane Smith']);
    expect(titles(await search('Smith Family'))[0]).toBe('account:Smith Family');
    expect(titles(await search('C-1002'))).toEqual(['account:Smithson Teen Line']);
  });

  it('finds posted invoices by number, never drafts or other accounts’ invoices', async () => {
    const body = await search('inv-700');
    expect(titles(body)).toEqual(['invoice:Invoice INV-7001', 'invoice:Invoice INV-7002']);
    expect(body.value[0]).toMatchObject({ id: Number(ownInvoice.id), accountId: Number(own.id) });
    expect(titles(await search('INV-7001'))).toEqual(['invoice:Invoice INV-7001']);
    expect(titles(await search('INV-7003'))).toEqual([]);
    expect(titles(await search('INV-7004'))).toEqual([]);
  });

  it('finds contacts and accounts by email', async () => {
    expect(titles(await search('jane@smith.example'))).toEqual(['contact:Jane Smith']);
    expect(titles(await search('bills@'))).toEqual(['account:Smith Family']);
    expect(titles(await search('john@hardware.example'))).toEqual([]);
  });

  it('matches phone numbers by their digits, however they are written', async () => {
    for (const text of ['416-555-0100', '(416) 5550100', '4165550100', '0100']) {
      expect(titles(await search(text)), text).toEqual(['contact:Jane Smith']);
    }
    expect(titles(await search('555 01'))).toEqual(['contact:Jane Smith', 'contact:Tom Smithson']);
  });

  it('says which field matched and names the account as the selector lists it', async () => {
    const first = async (text: string) => {
      const [hit] = (await search(text, staff)).value as (Hit & { accountName: string; matched: { field: string; value: string } })[];
      return { accountName: hit!.accountName, matched: hit!.matched };
    };
    expect(await first('c-2001')).toEqual({ accountName: 'Smith Hardware (C-2001)', matched: { field: 'accountNumber', value: 'C-2001' } });
    expect(await first('J. Smi')).toEqual({ accountName: 'Smith Family (C-1001)', matched: { field: 'invoiceName', value: 'J. Smith' } });
    expect(await first('AP@hardware')).toEqual({ accountName: 'Smith Hardware (C-2001)', matched: { field: 'invoiceEmail', value: 'ap@hardware.example' } });
    expect(await first('INV-7004')).toEqual({ accountName: 'Smith Hardware (C-2001)', matched: { field: 'invoiceNumber', value: 'INV-7004' } });
    expect(await first('tom@smith')).toEqual({ accountName: 'Smithson Teen Line (C-1002)', matched: { field: 'contactEmail', value: 'tom@smith.example' } });
    expect(await first('(416) 555 0199')).toEqual({ accountName: 'Smithson Teen Line (C-1002)', matched: { field: 'contactPhone', value: '416.555.0199' } });
    expect(await first('tom smithson')).toEqual({ accountName: 'Smithson Teen Line (C-1002)', matched: { field: 'contactName', value: 'Tom Smithson' } });
    expect((await search('C-1002', staff)).value[0]).toMatchObject({ accountParentId: Number(own.id) });
  });

  it('searches every account for staff', async () => {
    const body = await search('smith', staff, '&count=true');
    expect(body.count).toBe(6);
    expect(titles(body)).toContain('account:Smith Hardware');
    expect(titles(await search('4165550100', staff))).toEqual(['contact:Jane Smith', 'contact:John Smith']);
    expect(titles(await search('INV-7004', staff))).toEqual(['invoice:Invoice INV-7004']);
  });

  it('pages a stable order', async () => {
    const all = titles(await search('smith', staff, '&take=100'));
    const pages = [...titles(await search('smith', staff, '&skip=0&take=4')), ...titles(await search('smith', staff, '&skip=4&take=4'))];
    expect(pages).toEqual(all);
    expect((await search('smith', staff, '&take=2')).count).toBeUndefined();
  });

  it('treats LIKE wildcards as text', async () => {
    expect(titles(await search('%'))).toEqual([]);
    expect(titles(await search('_mith'))).toEqual([]);
  });

  it('answers a missing or oversized search with 400 and no session with 401', async () => {
    const missing = await ctx.app.inject({ url: '/b/v1/Search', headers: customer });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^querystring\.search: /);
    const take = await ctx.app.inject({ url: '/b/v1/Search?search=a&take=1001', headers: customer });
    expect(take.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ url: '/b/v1/Search?search=a' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('matches invoice numbers through the pattern index', async () => {
    // Tiny tables are scanned; with sequential scans off the planner shows the index serves the match.
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<Record<string, string>>(
        sql`explain (costs off) select id from invoices where lower(invoice_number) like 'inv-70%' and state = 'Posted'`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('invoices_number_lower_pattern_idx');
  });
});
