/**
 * The sandbox's reads and writes. Every change that two instances could race
 * for is a conditional UPDATE ("… where status = the status I saw"), and the
 * caller acts only when it changed a row: a token is used once, a pending
 * payment settles once, a period renews once.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  SandboxChargesTable,
  SandboxCustomersTable,
  SandboxDb,
  SandboxSubscriptionStatus,
  SandboxSubscriptionsTable,
  SandboxTokensTable,
} from './sandbox-schema';

export type TokenRow = Selectable<SandboxTokensTable>;
export type CustomerRow = Selectable<SandboxCustomersTable>;
export type ChargeRow = Selectable<SandboxChargesTable>;
export type SubscriptionRow = Selectable<SandboxSubscriptionsTable>;
export type CardFields = Pick<TokenRow, 'last4' | 'brand' | 'expMonth' | 'expYear' | 'addressZip' | 'behaviour'>;

/** A processor-style id: a kind prefix and 24 random hex digits (tok_…, cus_…, ch_…, sub_…, evt_…). */
export function sandboxId(prefix: 'tok' | 'cus' | 'ch' | 'sub' | 'evt'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export async function insertToken(db: SandboxDb, row: Insertable<SandboxTokensTable>): Promise<void> {
  await db.insertInto('sandboxTokens').values(row).execute();
}

export async function findToken(db: SandboxDb, id: string): Promise<TokenRow | undefined> {
  return db.selectFrom('sandboxTokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a token used; false when it already was (by this request's rival, too). */
export async function useToken(db: SandboxDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('sandboxTokens')
    .set({ used: 1 })
    .where('id', '=', id)
    .where('used', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertCustomer(db: SandboxDb, row: Insertable<SandboxCustomersTable>): Promise<void> {
  await db.insertInto('sandboxCustomers').values(row).execute();
}

export async function findCustomer(db: SandboxDb, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('sandboxCustomers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new card starts with no payments: the "first payment only" card counts from there. */
export async function replaceCustomerCard(db: SandboxDb, id: string, card: CardFields): Promise<void> {
  await db
    .updateTable('sandboxCustomers')
    .set({ ...card, cardPayments: 0 })
    .where('id', '=', id)
    .execute();
}

export async function countCardPayment(db: SandboxDb, customerId: string): Promise<void> {
  await db
    .updateTable('sandboxCustomers')
    .set((eb) => ({ cardPayments: eb('cardPayments', '+', 1) }))
    .where('id', '=', customerId)
    .execute();
}

export async function insertCharge(db: SandboxDb, row: Insertable<SandboxChargesTable>): Promise<void> {
  await db.insertInto('sandboxCharges').values(row).execute();
}

export async function findCharge(db: SandboxDb, id: string): Promise<ChargeRow | undefined> {
  return db.selectFrom('sandboxCharges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Pending payments whose time has come, oldest first. */
export async function dueCharges(db: SandboxDb, now: number, limit = 50): Promise<ChargeRow[]> {
  return db
    .selectFrom('sandboxCharges')
    .selectAll()
    .where('status', '=', 'pending')
    .where('settleAt', '<=', now)
    .orderBy('settleAt')
    .limit(limit)
    .execute();
}

/** Settles a pending payment; false when another instance already did. */
export async function settleCharge(
  db: SandboxDb,
  id: string,
  outcome: Pick<ChargeRow, 'status' | 'failureCode' | 'failureMessage'>,
): Promise<boolean> {
  const result = await db
    .updateTable('sandboxCharges')
    .set(outcome)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSubscription(db: SandboxDb, row: Insertable<SandboxSubscriptionsTable>): Promise<void> {
  await db.insertInto('sandboxSubscriptions').values(row).execute();
}

export async function findSubscription(db: SandboxDb, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('sandboxSubscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Changes a subscription only if it is still as the caller saw it (status, and
 * period end when given); false otherwise.
 */
export async function updateSubscriptionIf(
  db: SandboxDb,
  seen: { id: string; status: SandboxSubscriptionStatus; currentPeriodEnd?: number | null },
  changes: Updateable<SandboxSubscriptionsTable>,
): Promise<boolean> {
  let query = db
    .updateTable('sandboxSubscriptions')
    .set(changes)
    .where('id', '=', seen.id)
    .where('status', '=', seen.status);
  if (seen.currentPeriodEnd !== undefined)
    query =
      seen.currentPeriodEnd === null
        ? query.where('currentPeriodEnd', 'is', null)
        : query.where('currentPeriodEnd', '=', seen.currentPeriodEnd);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether a pending payment still waits to settle (keeps the sweep running). */
export async function hasPendingCharges(db: SandboxDb): Promise<boolean> {
  const row = await db
    .selectFrom('sandboxCharges')
    .select('id')
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
