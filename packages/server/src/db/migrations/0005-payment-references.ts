/**
 * Platter's reference in the sandbox's charges and subscriptions
 * (docs/payments.md): the order id Platter gives when it asks for a payment,
 * kept like a processor keeps metadata and told back in every answer and
 * webhook, so that news of a payment whose call never returned to Platter
 * still finds its order. Null for what was made before, or without one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_charges').addColumn('reference', 'text').execute();
  await db.schema.alterTable('sandbox_subscriptions').addColumn('reference', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_subscriptions').dropColumn('reference').execute();
  await db.schema.alterTable('sandbox_charges').dropColumn('reference').execute();
}
