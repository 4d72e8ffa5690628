/**
 * What the member commands (make-staff, make-bot) share: open the database the
 * way `npm start` does, find the member by email or DJ name, change them, and
 * say so; a name that matches nobody fails with exit code 1.
 */
import { loadConfig } from '../config';
import { createDatabase, type Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { migrateToLatest } from '../db/migrate';
import { findUserByLoginEmail, findUserByName } from '../features/accounts/store';

export async function changeMember(who: string, change: (db: Db, user: UserRow & { name: string }) => Promise<string>) {
  const db = await createDatabase(loadConfig().database);
  try {
    await migrateToLatest(db);
    const user = who.includes('@') ? await findUserByLoginEmail(db, who) : await findUserByName(db, who);
    if (!user?.name) {
      console.error(`No member found for "${who}".`);
      process.exitCode = 1;
    } else {
      console.log(await change(db, { ...user, name: user.name }));
    }
  } finally {
    await db.destroy();
  }
}
