/**
 * `npm run make-staff -- <email or DJ name> [acl]`: gives a member an access
 * level (spec §6; 1 = superuser, the default). Staff edit the lobby's
 * headbands and news. Run it with the same environment as `npm start`, so
 * that it opens the same database.
 */
import { updateUser } from '../features/accounts/store';
import { changeMember } from './change-member';

const [who, level = '1'] = process.argv.slice(2);
if (!who || !/^\d$/.test(level)) {
  console.error('Usage: npm run make-staff -- <email or DJ name> [access level, default 1]');
  process.exit(2);
}

await changeMember(who, async (db, user) => {
  await updateUser(db, user.id, { acl: Number(level) });
  return `${user.name} now has access level ${level}. It takes effect within a few seconds.`;
});
