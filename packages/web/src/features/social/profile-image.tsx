/**
 * A social account's picture, apart from the Social modal so that the lobby's connect banner
 * can show it without bringing the modal into the lobby's first load (docs/web-weight.md).
 */
import type { SocialAccount } from '@platter/contract';
import './social.css';

/** The picture there when connected; otherwise the provider's initial. */
export function ProfileImage({ account, size = 44 }: { account: SocialAccount; size?: number }) {
  if (account.connected && account.profile_image) {
    return (
      <img
        className="social-account__image"
        src={account.profile_image}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span className="social-account__mark" style={{ width: size, height: size }} aria-hidden="true">
      {account.name.charAt(0).toUpperCase()}
    </span>
  );
}
