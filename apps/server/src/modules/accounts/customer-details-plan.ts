/**
 * PUT Account/customerdetails as a pure plan: the account's stored state + the update model + now
 * → the writes to make and the audit record of what changed. No I/O, so every rule is tested with
 * tables (customer-details-plan.test.ts); customer-details-store.ts applies a plan in one transaction.
 *
 * History is never rewritten:
 * - An address or contact that any link points at (current or ended) is copied on write: the
 *   change becomes a new row, and its current links are ended now and restarted now on the copy.
 *   Rows no link has ever used are updated in place.
 * - Changing a current link's type or target ends it now and starts a new link now; ending or
 *   deleting a current link sets its end date; links that have not started yet are not history and
 *   change in place (or are removed).
 * - There is one current Billing address and one current Billing contact: a new or changed Billing
 *   link ends the other current Billing link of its kind.
 * Every id in the model must be one of the account's own rows: any other id answers 404, before
 * anything is written.
 */
import { INVALID_DETAILS_MESSAGE, checkAddress, checkContact, type FieldProblems } from '@portal/contract/billing-details';
import { PAPER_NOT_OFFERED, type AddressFields, type BillDelivery } from '@portal/contract';
import { badRequest, invalidFields, notFound } from '../../errors';

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────

export interface ContactValues {
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
}

export interface StoredRow<V> {
  id: bigint;
  values: V;
}

export interface StoredLink {
  id: bigint;
  /** The address or contact id. */
  targetId: bigint;
  type: string;
  startDate: Date;
  endDate: Date | null;
}

export interface AccountFields {
  language: 'English' | 'French';
  invoiceEmailAddress: string | null;
  paymentMethod: 'Credit Card' | 'Credit Card (Manual)';
  billDelivery: BillDelivery;
}

/** What the account holds now (only its own rows). */
export interface AccountState {
  accountId: bigint;
  account: AccountFields;
  addresses: StoredRow<AddressFields>[];
  addressLinks: StoredLink[];
  contacts: StoredRow<ContactValues>[];
  contactLinks: StoredLink[];
}

export interface LinkInput {
  id: bigint;
  accountId: bigint;
  targetId: bigint;
  type: string;
  endDate: string | null;
}

/** The update model as the contract decodes it, with links' target ids under one name. */
export interface CustomerDetailsInput {
  accountId: bigint;
  language: AccountFields['language'];
  invoiceEmail: string | null;
  paymentMethod?: AccountFields['paymentMethod'] | undefined;
  /** Absent: unchanged. */
  billDelivery?: BillDelivery | undefined;
  addresses: StoredRow<AddressFields>[];
  accountAddresses: LinkInput[];
  contacts: StoredRow<ContactValues>[];
  accountContacts: LinkInput[];
  deleteAccountAddressIds: bigint[];
  deleteAddressIds: bigint[];
  deleteAccountContactIds: bigint[];
  deleteContactIds: bigint[];
}

// ── Outputs ──────────────────────────────────────────────────────────────────────────────────

/** A row the plan refers to: one that exists, or the n-th row the plan creates. */
export type Ref = { existing: bigint } | { created: number };

export interface KindPlan<V> {
  creates: V[];
  updates: { id: bigint; values: V }[];
  deletes: bigint[];
  /** End (or re-date) a link that has started. */
  linkEnds: { id: bigint; endDate: Date | null }[];
  /** Change a link that has not started yet. */
  linkUpdates: { id: bigint; type: string; target: Ref; endDate: Date | null }[];
  linkDeletes: bigint[];
  linkStarts: { type: string; target: Ref; startDate: Date; endDate: Date | null }[];
}

export type AuditChange =
  | { entity: 'account'; action: 'updated'; before: Record<string, unknown>; after: Record<string, unknown> }
  | {
      entity: 'address' | 'contact';
      action: 'created' | 'updated' | 'replaced' | 'deleted';
      /** The row changed (for `replaced`: the old row). */
      id: bigint | null;
      /** The row created (for `created`/`replaced`). */
      created?: number;
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
    }
  | {
      entity: 'accountAddress' | 'accountContact';
      action: 'started' | 'ended' | 'updated' | 'deleted';
      id: bigint | null;
      type: string;
      target: Ref;
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
    };

export interface CustomerDetailsPlan {
  account: Partial<AccountFields> | null;
  addresses: KindPlan<AddressFields>;
  contacts: KindPlan<ContactValues>;
  changes: AuditChange[];
}

// ── Rules ────────────────────────────────────────────────────────────────────────────────────

/** Link types of which an account has at most one current link per kind. */
const SINGLE_CURRENT_TYPES: ReadonlySet<string> = new Set(['Billing']);

interface KindNames {
  objects: 'addresses' | 'contacts';
  links: 'accountAddresses' | 'accountContacts';
  target: 'addressId' | 'contactId';
  deleteObjects: 'deleteAddressIds' | 'deleteContactIds';
  deleteLinks: 'deleteAccountAddressIds' | 'deleteAccountContactIds';
  entity: 'address' | 'contact';
  linkEntity: 'accountAddress' | 'accountContact';
  /** For 404 messages: "The address was not found." */
  what: string;
  linkWhat: string;
}

const ADDRESS_NAMES: KindNames = {
  objects: 'addresses',
  links: 'accountAddresses',
  target: 'addressId',
  deleteObjects: 'deleteAddressIds',
  deleteLinks: 'deleteAccountAddressIds',
  entity: 'address',
  linkEntity: 'accountAddress',
  what: 'The address',
  linkWhat: 'The account address',
};

const CONTACT_NAMES: KindNames = {
  objects: 'contacts',
  links: 'accountContacts',
  target: 'contactId',
  deleteObjects: 'deleteContactIds',
  deleteLinks: 'deleteAccountContactIds',
  entity: 'contact',
  linkEntity: 'accountContact',
  what: 'The contact',
  linkWhat: 'The account contact',
};

/** Blank text is no value: the screens show "N/A" for both. */
export const normalizeValues = <V extends object>(values: V): V =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && value.trim() === '' ? null : value]),
  ) as V;

/** The fields that differ, as `{ before, after }` of just those fields (null when nothing differs). */
export const diffFields = <V extends object>(before: V, after: V): { before: Partial<V>; after: Partial<V> } | null => {
  const b: Partial<V> = {};
  const a: Partial<V> = {};
  for (const key of Object.keys(after) as (keyof V)[]) {
    if (before[key] !== after[key]) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length > 0 ? { before: b, after: a } : null;
};

const asRecord = (values: object): Record<string, unknown> => ({ ...values });

const sameRef = (a: Ref, b: Ref): boolean =>
  'existing' in a ? 'existing' in b && a.existing === b.existing : 'created' in b && a.created === b.created;

const isCurrentOrFuture = (link: StoredLink, now: Date): boolean => link.endDate === null || link.endDate >= now;
const hasStarted = (link: StoredLink, now: Date): boolean => link.startDate <= now;

/** The country of the account's current Billing address: where a phone typed without "+" is read. */
const billingCountry = (state: AccountState, now: Date): string | null => {
  const link = state.addressLinks.find((l) => l.type === 'Billing' && hasStarted(l, now) && isCurrentOrFuture(l, now));
  return (link && state.addresses.find((a) => a.id === link.targetId)?.values.country) || null;
};

/**
 * Every address and contact the request sends, checked by the contract's rules and normalised
 * (codes upper case, postal codes in their country's form, phones E.164); all problems at once as
 * `fields` by body path, before anything is planned or written.
 */
export const checkDetails = (state: AccountState, input: CustomerDetailsInput, now: Date): CustomerDetailsInput => {
  const fields: FieldProblems = {};
  const addresses = input.addresses.map((address, index) => {
    const { values, problems } = checkAddress(address.values);
    for (const [field, message] of Object.entries(problems)) fields[`addresses.${index}.${field}`] = message;
    return { id: address.id, values };
  });
  const country = addresses.find((a) => a.values.country)?.values.country ?? billingCountry(state, now);
  const contacts = input.contacts.map((contact, index) => {
    const { values, problems } = checkContact(contact.values, country);
    for (const [field, message] of Object.entries(problems)) fields[`contacts.${index}.${field}`] = message;
    return { id: contact.id, values };
  });
  if (Object.keys(fields).length > 0) throw invalidFields(INVALID_DETAILS_MESSAGE, fields);
  return { ...input, addresses, contacts };
};

const assertUnique = (ids: bigint[], path: string): void => {
  const seen = new Set<bigint>();
  for (const id of ids) {
    if (id === 0n) continue;
    if (seen.has(id)) throw badRequest(`body.${path}: id ${id} appears more than once.`);
    seen.add(id);
  }
};

interface DesiredLink {
  /** The stored link, or null for a link this request adds. */
  stored: StoredLink | null;
  type: string;
  target: Ref;
  endDate: Date | null;
  removed: boolean;
  /** Set by the request (new, or type/target given): wins over untouched links of a single-current type. */
  touched: boolean;
}

const planKind = <V extends object>(
  names: KindNames,
  input: {
    objects: StoredRow<V>[];
    links: LinkInput[];
    deleteObjectIds: bigint[];
    deleteLinkIds: bigint[];
  },
  stored: { objects: StoredRow<V>[]; links: StoredLink[] },
  accountId: bigint,
  now: Date,
  changes: AuditChange[],
): KindPlan<V> => {
  const plan: KindPlan<V> = { creates: [], updates: [], deletes: [], linkEnds: [], linkUpdates: [], linkDeletes: [], linkStarts: [] };
  const objectsById = new Map(stored.objects.map((o) => [o.id, o]));
  const linksById = new Map(stored.links.map((l) => [l.id, l]));

  // Ownership first: nothing is planned (or written) when any id is not the account's own.
  assertUnique(input.objects.map((o) => o.id), names.objects);
  assertUnique(input.links.map((l) => l.id), names.links);
  for (const id of [...input.objects.map((o) => o.id), ...input.deleteObjectIds, ...input.links.map((l) => l.targetId)]) {
    if (id !== 0n && !objectsById.has(id)) throw notFound(names.what);
  }
  for (const id of [...input.links.map((l) => l.id), ...input.deleteLinkIds]) {
    if (id !== 0n && !linksById.has(id)) throw notFound(names.linkWhat);
  }
  input.links.forEach((link, index) => {
    if (link.accountId !== accountId) throw badRequest(`body.${names.links}.${index}.accountId: must be the account being updated.`);
  });
  const deletedObjects = new Set(input.deleteObjectIds);
  input.objects.forEach((object, index) => {
    if (deletedObjects.has(object.id)) throw badRequest(`body.${names.objects}.${index}: ${names.entity} ${object.id} cannot be both changed and deleted.`);
  });
  const deletedLinks = new Set(input.deleteLinkIds);
  input.links.forEach((link, index) => {
    if (deletedLinks.has(link.id)) throw badRequest(`body.${names.links}.${index}: link ${link.id} cannot be both changed and deleted.`);
    if (deletedObjects.has(link.targetId)) {
      throw badRequest(`body.${names.links}.${index}.${names.target}: ${names.entity} ${link.targetId} is being deleted.`);
    }
  });

  // Objects: new rows, in-place updates of never-linked rows, copies of linked rows.
  const linkedObjects = new Set(stored.links.map((l) => l.targetId));
  const newRefs: Ref[] = [];
  const replacements = new Map<bigint, Ref>();
  for (const object of input.objects) {
    const values = normalizeValues(object.values);
    if (object.id === 0n) {
      const ref: Ref = { created: plan.creates.push(values) - 1 };
      newRefs.push(ref);
      changes.push({ entity: names.entity, action: 'created', id: null, created: ref.created, after: asRecord(values) });
      continue;
    }
    const current = objectsById.get(object.id)!;
    const diff = diffFields(current.values, values);
    if (!diff) continue;
    if (linkedObjects.has(object.id)) {
      const ref: Ref = { created: plan.creates.push(values) - 1 };
      replacements.set(object.id, ref);
      changes.push({ entity: names.entity, action: 'replaced', id: object.id, created: ref.created, ...diff });
    } else {
      plan.updates.push({ id: object.id, values });
      changes.push({ entity: names.entity, action: 'updated', id: object.id, ...diff });
    }
  }
  const resolve = (targetId: bigint): Ref => replacements.get(targetId) ?? { existing: targetId };

  // The links the account should have from now on: its current and future links, moved onto copies.
  const desired = new Map<bigint, DesiredLink>();
  for (const link of stored.links) {
    if (!isCurrentOrFuture(link, now)) continue;
    desired.set(link.id, { stored: link, type: link.type, target: resolve(link.targetId), endDate: link.endDate, removed: false, touched: false });
  }
  const added: DesiredLink[] = [];
  let nextNew = 0;
  input.links.forEach((link, index) => {
    const path = `body.${names.links}.${index}`;
    let target: Ref;
    if (link.targetId === 0n) {
      const ref = newRefs[nextNew++];
      if (!ref) throw badRequest(`${path}.${names.target}: 0 must refer to a new entry of ${names.objects}.`);
      target = ref;
    } else {
      target = resolve(link.targetId);
    }
    const endDate = link.endDate === null ? null : new Date(Math.max(new Date(link.endDate).getTime(), now.getTime()));
    if (link.id === 0n) {
      added.push({ stored: null, type: link.type, target, endDate, removed: false, touched: true });
      return;
    }
    const storedLink = linksById.get(link.id)!;
    const entry = desired.get(link.id);
    if (!entry) {
      // An ended link is history: it may be sent back unchanged, never changed.
      const unchanged =
        link.type === storedLink.type &&
        link.targetId === storedLink.targetId &&
        (link.endDate === null ? storedLink.endDate === null : storedLink.endDate?.getTime() === new Date(link.endDate).getTime());
      if (!unchanged) throw badRequest(`${path}: link ${link.id} has ended and cannot be changed.`);
      return;
    }
    const retargeted = link.type !== storedLink.type || link.targetId !== storedLink.targetId;
    entry.type = link.type;
    entry.target = target;
    entry.endDate = endDate;
    entry.touched ||= retargeted;
  });
  for (const id of input.deleteLinkIds) {
    const entry = desired.get(id);
    if (entry) entry.removed = true;
  }
  for (const entry of desired.values()) {
    if ('existing' in entry.target && deletedObjects.has(entry.target.existing)) entry.removed = true;
  }

  // A link the request adds that the account already has (same type, same target) is not added twice.
  const present = [...desired.values()].filter((d) => !d.removed);
  for (const link of added) {
    if (present.some((other) => other.type === link.type && sameRef(other.target, link.target))) link.removed = true;
    else present.push(link);
  }

  // One current link per single-current type: what the request set wins over what it left alone.
  const all = [...desired.values(), ...added].filter((d) => !d.removed && (d.stored === null || hasStarted(d.stored, now)));
  for (const type of SINGLE_CURRENT_TYPES) {
    const ofType = all.filter((d) => d.type === type);
    const touched = ofType.filter((d) => d.touched);
    if (touched.length > 1) throw badRequest(`body.${names.links}: only one current ${type} ${names.entity} can be set.`);
    if (touched.length === 1) for (const d of ofType) if (!d.touched) d.removed = true;
  }

  // Diff: what to write for each link.
  // Targets stay refs here: the store turns them into ids once created rows have theirs.
  const describe = (d: { type: string; target: Ref; endDate: Date | null }) => ({
    type: d.type,
    [names.target]: d.target,
    endDate: d.endDate?.toISOString() ?? null,
  });
  for (const entry of desired.values()) {
    const link = entry.stored!;
    const original = { type: link.type, target: { existing: link.targetId } as Ref, endDate: link.endDate };
    const linkChange = { entity: names.linkEntity, id: link.id, type: link.type, target: original.target };
    const started = hasStarted(link, now);
    if (entry.removed) {
      if (started) {
        if (link.endDate === null || link.endDate > now) {
          plan.linkEnds.push({ id: link.id, endDate: now });
          changes.push({ ...linkChange, action: 'ended', before: describe(original), after: describe({ ...original, endDate: now }) });
        }
      } else {
        plan.linkDeletes.push(link.id);
        changes.push({ ...linkChange, action: 'deleted', before: describe(original) });
      }
      continue;
    }
    const retargeted = entry.type !== link.type || !sameRef(entry.target, original.target);
    const redated = (entry.endDate?.getTime() ?? null) !== (link.endDate?.getTime() ?? null);
    if (!retargeted && !redated) continue;
    if (!started) {
      plan.linkUpdates.push({ id: link.id, type: entry.type, target: entry.target, endDate: entry.endDate });
      changes.push({ ...linkChange, action: 'updated', before: describe(original), after: describe(entry) });
    } else if (retargeted) {
      plan.linkEnds.push({ id: link.id, endDate: now });
      changes.push({ ...linkChange, action: 'ended', before: describe(original), after: describe({ ...original, endDate: now }) });
      plan.linkStarts.push({ type: entry.type, target: entry.target, startDate: now, endDate: entry.endDate });
      changes.push({ entity: names.linkEntity, action: 'started', id: null, type: entry.type, target: entry.target, after: describe(entry) });
    } else {
      plan.linkEnds.push({ id: link.id, endDate: entry.endDate });
      changes.push({ ...linkChange, action: 'updated', before: describe(original), after: describe(entry) });
    }
  }
  for (const link of added) {
    if (link.removed) continue;
    plan.linkStarts.push({ type: link.type, target: link.target, startDate: now, endDate: link.endDate });
    changes.push({ entity: names.linkEntity, action: 'started', id: null, type: link.type, target: link.target, after: describe(link) });
  }

  // Deleted rows: removed when no link ever used them, otherwise kept for history (links ended above).
  for (const id of input.deleteObjectIds) {
    if (linkedObjects.has(id)) continue;
    plan.deletes.push(id);
    changes.push({ entity: names.entity, action: 'deleted', id, before: asRecord(objectsById.get(id)!.values) });
  }
  return plan;
};

/** The whole update as a plan; throws 400/404 (`HttpError`) for a model that cannot be applied. */
export const planCustomerDetailsUpdate = (state: AccountState, request: CustomerDetailsInput, now: Date): CustomerDetailsPlan => {
  const input = checkDetails(state, request, now);
  const changes: AuditChange[] = [];
  const addresses = planKind(
    ADDRESS_NAMES,
    { objects: input.addresses, links: input.accountAddresses, deleteObjectIds: input.deleteAddressIds, deleteLinkIds: input.deleteAccountAddressIds },
    { objects: state.addresses, links: state.addressLinks },
    state.accountId,
    now,
    changes,
  );
  const contacts = planKind(
    CONTACT_NAMES,
    { objects: input.contacts, links: input.accountContacts, deleteObjectIds: input.deleteContactIds, deleteLinkIds: input.deleteAccountContactIds },
    { objects: state.contacts, links: state.contactLinks },
    state.accountId,
    now,
    changes,
  );
  const wanted: AccountFields = {
    language: input.language,
    invoiceEmailAddress: input.invoiceEmail?.trim() || null,
    paymentMethod: input.paymentMethod ?? state.account.paymentMethod,
    billDelivery: input.billDelivery ?? state.account.billDelivery,
  };
  const accountDiff = diffFields(state.account, wanted);
  if (accountDiff) changes.unshift({ entity: 'account', action: 'updated', ...accountDiff });
  return { account: accountDiff ? accountDiff.after : null, addresses, contacts, changes };
};

/** Paper bills only where the provider sends them (`PAPER_BILLS`): choosing them otherwise answers 400 on `billDelivery`. */
export const assertBillDeliveryOffered = (plan: Pick<CustomerDetailsPlan, 'account'>, paperOffered: boolean): void => {
  if (!paperOffered && plan.account?.billDelivery === 'paper') throw invalidFields(PAPER_NOT_OFFERED, { billDelivery: PAPER_NOT_OFFERED });
};
