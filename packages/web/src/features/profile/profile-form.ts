/**
 * The Edit Profile form (spec §2, §5): what it holds, filled from a profile,
 * and checked with the contract's own rules so that each field says what is
 * wrong as it is typed, in the words the server would use.
 */
import { profileEdit, type CallInput, type Profile } from '@platter/contract';

export const PROFILE_FIELDS = [
  'name',
  'twitter',
  'facebook',
  'soundcloud',
  'website',
  'about',
  'topartists',
  'hangout',
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;
export type ProfileFormErrors = Partial<Record<ProfileField, string>>;

export function formFromProfile(profile: Profile): ProfileForm {
  return {
    name: profile.name,
    twitter: profile.twitter ?? '',
    facebook: profile.facebook ?? '',
    soundcloud: profile.soundcloud ?? '',
    website: profile.website ?? '',
    about: profile.about ?? '',
    topartists: profile.topartists ?? '',
    hangout: profile.hangout ?? '',
  };
}

export type CheckedProfileForm =
  { ok: true; input: CallInput<'user.modify_profile'> } | { ok: false; errors: ProfileFormErrors };

/** Every field is sent: an empty one clears what was there (docs/profiles.md). */
export function checkProfileForm(form: ProfileForm): CheckedProfileForm {
  const checked = profileEdit.safeParse(form);
  if (checked.success) return { ok: true, input: form };
  const errors: ProfileFormErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (isProfileField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function isProfileField(value: unknown): value is ProfileField {
  return PROFILE_FIELDS.includes(value as ProfileField);
}
