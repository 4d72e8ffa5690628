/**
 * `npm run make-bot -- <email or DJ name> [off]`: flags a member as a bot (or
 * not, with `off`). A bot is shown as one in rooms and profiles; it connects
 * like any member (docs/bots.md). Run it with the same environment as
 * `npm start`, so that it opens the same database.
 */
import { updateUser } from '../features/accounts/store';
import { changeMember } from './change-member';

const [who, flag = 'on'] = process.argv.slice(2);
if (!who || !['on', 'off'].includes(flag)) {
  console.error('Usage: npm run make-bot -- <email or DJ name> [on|off, default on]');
  process.exit(2);
}

await changeMember(who, async (db, user) => {
  await updateUser(db, user.id, { bot: flag === 'on' ? 1 : 0 });
  return `${user.name} is ${flag === 'on' ? 'now' : 'no longer'} a bot.`;
});
