/**
 * `npm run make-staff -- <email or DJ name> [acl]`: gives a member an access
 * level (spec §6; 1 = superuser, the default). Staff edit the lobby's
 * headbands and news. Run it with the same environment as `npm start`, so
 * that it opens the same database.
 */
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { findUserByLoginEmail, findUserByName, updateUser } from '../features/accounts/store';

const [who, level = '1'] = process.argv.slice(2);
if (!who || !/^\d$/.test(level)) {
  console.error('Usage: npm run make-staff -- <email or DJ name> [access level, default 1]');
  process.exit(2);
}

const config = loadConfig();
const db = createDatabase(config.database);
try {
  await migrateToLatest(db);
  const user = who.includes('@') ? await findUserByLoginEmail(db, who) : await findUserByName(db, who);
  if (!user?.name) {
    console.error(`No member found for "${who}".`);
    process.exitCode = 1;
  } else {
    await updateUser(db, user.id, { acl: Number(level) });
    console.log(`${user.name} now has access level ${level}. It takes effect within a few seconds.`);
  }
} finally {
  await db.destroy();
}
