/**
 * The sandbox's tables as Kysely sees them (migrations 0003 and 0005). They stay out of
 * db/schema.ts: they are the processor's, and only this folder reads them,
 * through `sandboxDb(db)`.
 */
import type { Generated, Kysely } from 'kysely';
import type { CardBrand } from '@platter/contract';
import type { Db } from '../../../db/database';
import type { CardBehaviour } from './test-cards';

export type SandboxChargeStatus = 'succeeded' | 'pending' | 'failed';
export type SandboxSubscriptionStatus = 'pending' | 'active' | 'pendcancel' | 'canceled' | 'failed';
export type SandboxInterval = 'month' | 'year';
/** What settling a pending charge changes besides the charge itself. */
export type ChargePurpose = 'charge' | 'subscription_start' | 'subscription_renewal';

export interface SandboxKeysTable {
  id: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  createdAt: number;
}

/** What a card leaves behind: never its number or CVC. */
interface CardColumns {
  last4: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  addressZip: string | null;
  behaviour: CardBehaviour;
}

export interface SandboxTokensTable extends CardColumns {
  id: string;
  used: Generated<number>;
  createdAt: number;
}

export interface SandboxCustomersTable extends CardColumns {
  id: string;
  email: string | null;
  userid: string | null;
  cardPayments: Generated<number>;
  createdAt: number;
}

export interface SandboxSubscriptionsTable {
  id: string;
  customerId: string;
  plan: string;
  amount: number;
  planInterval: SandboxInterval;
  status: SandboxSubscriptionStatus;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  failureMessage: string | null;
  latestChargeId: string | null;
  /** The caller's reference (metadata.reference), kept and told back. */
  reference: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface SandboxChargesTable {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  purpose: ChargePurpose;
  amount: number;
  currency: string;
  description: string | null;
  status: SandboxChargeStatus;
  failureCode: string | null;
  failureMessage: string | null;
  settleAt: number | null;
  settleStatus: 'succeeded' | 'failed' | null;
  /** The caller's reference (metadata.reference) of a one-off charge; a subscription's charges keep theirs on it. */
  reference: string | null;
  createdAt: number;
}

export interface SandboxIdempotencyTable {
  scope: string;
  idempotencyKey: string;
  fingerprint: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: number;
}

export interface SandboxWebhookDeliveriesTable {
  id: string;
  type: string;
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

// A type, not an interface: withTables wants a map with an index signature.
export type SandboxTables = {
  sandboxKeys: SandboxKeysTable;
  sandboxTokens: SandboxTokensTable;
  sandboxCustomers: SandboxCustomersTable;
  sandboxSubscriptions: SandboxSubscriptionsTable;
  sandboxCharges: SandboxChargesTable;
  sandboxIdempotency: SandboxIdempotencyTable;
  sandboxWebhookDeliveries: SandboxWebhookDeliveriesTable;
};

export type SandboxDb = Kysely<SandboxTables>;

/** The app's database seen with the sandbox's tables (the same connection). */
export function sandboxDb(db: Db): SandboxDb {
  // withTables widens the table map; only the sandbox's tables are used through it.
  return db.withTables<SandboxTables>() as unknown as SandboxDb;
}
