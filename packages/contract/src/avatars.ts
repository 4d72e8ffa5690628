/** Where avatar art lives (spec §7): /roommanager_assets/avatars/{avatarId}/{size}.png */
export type AvatarSize = 'fullfront' | 'headfront';

export function avatarImageUrl(avatarId: number, size: AvatarSize): string {
  return `/roommanager_assets/avatars/${avatarId}/${size}.png`;
}

export function avatarImageUrls(avatarId: number): Record<AvatarSize, string> {
  return {
    fullfront: avatarImageUrl(avatarId, 'fullfront'),
    headfront: avatarImageUrl(avatarId, 'headfront'),
  };
}
