/**
 * What a person has chosen so far while signing up (avatar and DJ name), kept
 * between the steps and across a reload of the tab, never beyond it.
 */
import { DEFAULT_AVATAR_ID, SIGNUP_AVATAR_IDS } from '@platter/contract';

export interface SignupDraft {
  avatarId: number;
  /** The DJ name the server accepted (user.verify_name), or null before that step. */
  name: string | null;
}

const STORAGE_KEY = 'platter-signup';

export const emptyDraft: SignupDraft = { avatarId: DEFAULT_AVATAR_ID, name: null };

/** One of the six sign-up avatars (spec §2), or the default, 8. */
export function signupAvatar(id: unknown): number {
  return typeof id === 'number' && (SIGNUP_AVATAR_IDS as readonly number[]).includes(id) ? id : DEFAULT_AVATAR_ID;
}

export function parseDraft(text: string | null): SignupDraft {
  if (!text) return emptyDraft;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof SignupDraft, unknown>> | null;
    if (typeof value !== 'object' || value === null) return emptyDraft;
    const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim() : null;
    return { avatarId: signupAvatar(value.avatarId), name };
  } catch {
    return emptyDraft;
  }
}

// The page's own copy: it also carries the draft where storage is refused (private mode).
let memory: SignupDraft | null = null;

function readStored(): SignupDraft {
  try {
    return parseDraft(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return emptyDraft;
  }
}

export function currentDraft(): SignupDraft {
  memory ??= readStored();
  return memory;
}

export function saveDraft(draft: SignupDraft): void {
  memory = draft;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // storage refused: the page's copy still carries the draft between the steps
  }
}

export function clearDraft(): void {
  memory = emptyDraft;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
