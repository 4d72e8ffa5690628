/**
 * The built-in sandbox payment provider's own tables (docs/payments.md). They
 * belong to the "processor", not to Platter: Platter's code never reads them,
 * it talks to the sandbox over HTTP. Kept in the database so that pending
 * payments and undelivered webhooks survive a restart, and so that several
 * instances on one database are one processor. No table holds a card number
 * or CVC: only the last four digits, the brand, the expiry, the zip and the
 * test card's behaviour.
 */
import type { Kysely } from 'kysely';

const ms = 'bigint';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: the account's keys, made on first use so that every instance shares them.
  await db.schema
    .createTable('sandbox_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publishable_key', 'text', (c) => c.notNull())
    .addColumn('secret_key', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('address_zip', 'text')
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('userid', 'text')
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('address_zip', 'text')
    .addColumn('behaviour', 'text', (c) => c.notNull())
    // Successful payments on the current card: the "first payment only" test card needs it.
    .addColumn('card_payments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('sandbox_customers.id'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('plan_interval', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', ms)
    .addColumn('current_period_end', ms)
    .addColumn('failure_message', 'text')
    .addColumn('latest_charge_id', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('sandbox_customers.id'))
    .addColumn('subscription_id', 'text', (c) => c.references('sandbox_subscriptions.id'))
    // 'charge' | 'subscription_start' | 'subscription_renewal': what a settlement changes.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    // A pending payment's fate, decided when it was made and applied at settle_at.
    .addColumn('settle_at', ms)
    .addColumn('settle_status', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_charges_pending')
    .on('sandbox_charges')
    .columns(['status', 'settle_at'])
    .execute();

  await db.schema
    .createTable('sandbox_idempotency')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // Null while the first request is still being answered.
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_idempotency_pk', ['scope', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('sandbox_webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'pending' | 'delivered' | 'failed' (given up after the last try).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ms, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('delivered_at', ms)
    .execute();
  await db.schema
    .createIndex('sandbox_webhook_deliveries_due')
    .on('sandbox_webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sandbox_webhook_deliveries',
    'sandbox_idempotency',
    'sandbox_charges',
    'sandbox_subscriptions',
    'sandbox_customers',
    'sandbox_tokens',
    'sandbox_keys',
  ])
    await db.schema.dropTable(table).execute();
}
