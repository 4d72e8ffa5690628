/**
 * What Gold needs beyond the initial tables (docs/gold.md): why an order
 * failed and the provider's reference of its charge; which plan a
 * subscription is and a claim that keeps two renewal runs off it; at most one
 * current subscription per member; which provider a saved card lives at;
 * webhook events already applied; and the lease that lets one instance at a
 * time run the renewal job.
 */
import { sql, type Kysely } from 'kysely';

const ms = 'bigint';

/** A member has at most one subscription in these states (a partial unique index, on SQLite and PostgreSQL). */
const CURRENT_STATES = ['pending', 'active', 'pendcancel'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('error', 'text').execute();
  /** 'payment_declined' or 'payment_unavailable': whether a retry may ask the provider again. */
  await db.schema.alterTable('orders').addColumn('error_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('provider_ref', 'text').execute();
  await db.schema.createIndex('orders_provider_ref').on('orders').column('provider_ref').execute();
  await db.schema.createIndex('orders_subscription').on('orders').column('subscription_id').execute();

  await db.schema.alterTable('subscriptions').addColumn('product_id', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('claimed_until', ms).execute();
  await db.schema.createIndex('subscriptions_provider_ref').on('subscriptions').column('provider_ref').execute();
  await db.schema
    .createIndex('subscriptions_one_current')
    .unique()
    .on('subscriptions')
    .column('user_id')
    .where(sql.ref('state'), 'in', CURRENT_STATES)
    .execute();

  await db.schema.alterTable('cards').addColumn('provider', 'text').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.alterTable('cards').dropColumn('provider').execute();
  await db.schema.dropIndex('subscriptions_one_current').execute();
  await db.schema.dropIndex('subscriptions_provider_ref').execute();
  for (const column of ['claimed_until', 'product_id'])
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  await db.schema.dropIndex('orders_subscription').execute();
  await db.schema.dropIndex('orders_provider_ref').execute();
  for (const column of ['provider_ref', 'error_code', 'error'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
