/**
 * Demo content for a first start, made through the same services as the API
 * (never raw SQL), so that what the seed makes is what members could make.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../api/context';
import { randomBytes } from 'node:crypto';
import { createEmailMember } from '../features/accounts/sign-in';
import { updateUser } from '../features/accounts/store';
import { seedMembers, DEMO_MEMBERS } from './members';
import { seedRooms } from './rooms';
import { seedLibraries } from './libraries';

/** Seeds when SEED_DEMO says so, or (unset) when the database has no users yet. */
export async function seedIfWanted(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { db, config } = services;
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const wanted = config.seedDemo ?? anyUser === undefined;
  if (!wanted) return;
  const firstDemo = DEMO_MEMBERS[0];
  if (
    firstDemo &&
    (await db.selectFrom('users').select('id').where('nameLower', '=', firstDemo.name.toLowerCase()).executeTakeFirst())
  ) {
    return;
  }
  await seedDemo(services);
  log.info('Seeded demo content: sign in as ada@example.com with the password platter-demo');
}

export async function seedDemo(services: Services): Promise<void> {
  const memberIds = await seedMembers(services);
  await seedLibraries(services, memberIds);
  const staffId = await seedStaff(services);
  await seedRooms(services, memberIds, staffId);
}

/**
 * The account the demo news and headband come from. Its password is random
 * and thrown away: nobody can sign in as it (docs/lobby.md: making staff).
 */
async function seedStaff(services: Services): Promise<string> {
  const userid = await createEmailMember(services, {
    name: 'Platter Team',
    email: 'team@example.com',
    password: randomBytes(24).toString('base64url'),
    avatarid: 8,
  });
  await updateUser(services.db, userid, { acl: 1 });
  return userid;
}
