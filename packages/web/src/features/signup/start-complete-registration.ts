import { currentDraft, saveDraft, signupAvatar } from './signup-draft';

/**
 * For `?complete_register` (spec §2): remembers the avatar the link names, so
 * that the complete-registration step (/signup/email) opens with it.
 */
export function prepareCompleteRegistration(avatarId: number | null): void {
  if (avatarId !== null) saveDraft({ ...currentDraft(), avatarId: signupAvatar(avatarId) });
}
