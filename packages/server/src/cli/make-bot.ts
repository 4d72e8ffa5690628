/**
 * `npm run make-bot -- <email or DJ name> [off]`: flags a member as a bot (or
 * not, with `off`). A bot is shown as one in rooms and profiles; it connects
 * like any member (docs/bots.md). Run it with the same environment as
 * `npm start`, so that it opens the same database.
 */
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { findUserByLoginEmail, findUserByName, updateUser } from '../features/accounts/store';

const [who, flag = 'on'] = process.argv.slice(2);
if (!who || !['on', 'off'].includes(flag)) {
  console.error('Usage: npm run make-bot -- <email or DJ name> [on|off, default on]');
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
    await updateUser(db, user.id, { bot: flag === 'on' ? 1 : 0 });
    console.log(`${user.name} is ${flag === 'on' ? 'now' : 'no longer'} a bot.`);
  }
} finally {
  await db.destroy();
}
