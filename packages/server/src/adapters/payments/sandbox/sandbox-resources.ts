/**
 * The sandbox API's JSON, shaped like a processor's (snake_case, an `object`
 * name, an id with a kind prefix), shared by the routes that answer with it
 * and the client adapter that reads it. Times are ms since the epoch.
 */
import type { Selectable } from 'kysely';
import type { CardBrand } from '@platter/contract';
import type {
  SandboxChargeStatus,
  SandboxChargesTable,
  SandboxCustomersTable,
  SandboxInterval,
  SandboxSubscriptionStatus,
  SandboxSubscriptionsTable,
  SandboxTokensTable,
} from './sandbox-schema';

export interface SandboxCardJson {
  last4: string;
  brand: CardBrand;
  exp_month: number;
  exp_year: number;
  address_zip: string | null;
}

export interface SandboxTokenJson {
  id: string;
  object: 'token';
  card: SandboxCardJson;
  used: boolean;
  created: number;
}

export interface SandboxCustomerJson {
  id: string;
  object: 'customer';
  email: string | null;
  userid: string | null;
  card: SandboxCardJson;
  created: number;
}

/** What the caller asked to keep with a charge or subscription, told back as it was given. */
export interface SandboxMetadataJson {
  reference?: string;
}

export interface SandboxChargeJson {
  id: string;
  object: 'charge';
  customer: string;
  subscription: string | null;
  amount: number;
  currency: string;
  description: string | null;
  status: SandboxChargeStatus;
  failure_code: string | null;
  failure_message: string | null;
  metadata: SandboxMetadataJson;
  created: number;
}

export interface SandboxSubscriptionJson {
  id: string;
  object: 'subscription';
  customer: string;
  plan: string;
  amount: number;
  interval: SandboxInterval;
  status: SandboxSubscriptionStatus;
  cancel_at_period_end: boolean;
  current_period_start: number | null;
  current_period_end: number | null;
  failure_message: string | null;
  latest_charge: string | null;
  metadata: SandboxMetadataJson;
  created: number;
}

export type SandboxEventType =
  | 'charge.succeeded'
  | 'charge.failed'
  | 'subscription.updated'
  | 'subscription.renewed'
  | 'subscription.renewal_failed'
  | 'subscription.ended';

export interface SandboxEventJson {
  id: string;
  object: 'event';
  type: SandboxEventType;
  created: number;
  data: { object: SandboxChargeJson | SandboxSubscriptionJson };
}

export type SandboxErrorType =
  'card_error' | 'invalid_request_error' | 'authentication_error' | 'idempotency_error' | 'api_error';

export interface SandboxErrorJson {
  error: {
    type: SandboxErrorType;
    code: string;
    message: string;
    /** The request field at fault, when there is one. */
    param?: string;
    /** A declined charge's id: the failed payment is recorded too. */
    charge?: string;
  };
}

type CardRow = Pick<Selectable<SandboxTokensTable>, 'last4' | 'brand' | 'expMonth' | 'expYear' | 'addressZip'>;

function cardJson(row: CardRow): SandboxCardJson {
  return {
    last4: row.last4,
    brand: row.brand,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    address_zip: row.addressZip,
  };
}

export function tokenJson(row: Selectable<SandboxTokensTable>): SandboxTokenJson {
  return { id: row.id, object: 'token', card: cardJson(row), used: row.used === 1, created: row.createdAt };
}

export function customerJson(row: Selectable<SandboxCustomersTable>): SandboxCustomerJson {
  return {
    id: row.id,
    object: 'customer',
    email: row.email,
    userid: row.userid,
    card: cardJson(row),
    created: row.createdAt,
  };
}

function metadataJson(reference: string | null): SandboxMetadataJson {
  return reference === null ? {} : { reference };
}

export function chargeJson(row: Selectable<SandboxChargesTable>): SandboxChargeJson {
  return {
    id: row.id,
    object: 'charge',
    customer: row.customerId,
    subscription: row.subscriptionId,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    status: row.status,
    failure_code: row.failureCode,
    failure_message: row.failureMessage,
    metadata: metadataJson(row.reference),
    created: row.createdAt,
  };
}

export function subscriptionJson(row: Selectable<SandboxSubscriptionsTable>): SandboxSubscriptionJson {
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    plan: row.plan,
    amount: row.amount,
    interval: row.planInterval,
    status: row.status,
    cancel_at_period_end: row.status === 'pendcancel',
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    failure_message: row.failureMessage,
    latest_charge: row.latestChargeId,
    metadata: metadataJson(row.reference),
    created: row.createdAt,
  };
}
