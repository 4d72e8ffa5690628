/**
 * Contact settings (spec §2 Contact Settings, §3 Contact preference entry):
 * the contract's fixed list of named checkboxes, each stored only once a
 * member has saved it; until then its default holds.
 */
import { CONTACT_PREFS, contactPrefLabel, type ContactPref, type ContactPrefName } from '@platter/contract';
import type { HandlerGroup } from '../../api/context';
import type { Db } from '../../db/database';

export async function contactPrefsOf(db: Db, userId: string, productName: string): Promise<ContactPref[]> {
  const rows = await db.selectFrom('contactPrefs').select(['name', 'checked']).where('userId', '=', userId).execute();
  const saved = new Map(rows.map((row) => [row.name, row.checked === 1]));
  return CONTACT_PREFS.map((pref) => ({
    name: pref.name,
    checked: saved.get(pref.name) ?? pref.checked,
    label: contactPrefLabel(pref.label, productName),
  }));
}

/** Whether a member wants a kind of mail: for whoever sends it (a new fan, a friend joining, news). */
export async function wantsMail(db: Db, userId: string, name: ContactPrefName): Promise<boolean> {
  const row = await db
    .selectFrom('contactPrefs')
    .select('checked')
    .where('userId', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? row.checked === 1 : (CONTACT_PREFS.find((pref) => pref.name === name)?.checked ?? false);
}

export const contactPrefHandlers = {
  'user.get_contact_prefs': async (_input, { db, caller, config }) => ({
    sorted_prefs: await contactPrefsOf(db, caller.userid, config.productName),
  }),

  /** The contract has refused unknown names already; names left out keep their value. */
  'user.edit_prefs': async (prefs, { db, caller }) => {
    const entries = Object.entries(prefs);
    if (entries.length === 0) return {};
    await db
      .insertInto('contactPrefs')
      .values(entries.map(([name, checked]) => ({ userId: caller.userid, name, checked: checked ? 1 : 0 })))
      .onConflict((oc) => oc.columns(['userId', 'name']).doUpdateSet((eb) => ({ checked: eb.ref('excluded.checked') })))
      .execute();
    return {};
  },
} satisfies HandlerGroup;
