/** The members' settings dropdown (spec §2 Lobby): avatar, stickers, profile, contact, account, Logout. */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lobbyMessages, type SelfUser } from '@platter/contract';
import { errorText } from '../../api/client';
import { useAlerts } from '../../ui/alerts';
import { Avatar } from '../../ui/avatar';
import { GoldEmblem } from '../../ui/gold-emblem';
import { ModalLink } from '../../ui/modal-link';
import { useLogout } from '../../session/use-session';

export function SettingsMenu({ user }: { user: SelfUser }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const links = [
    { to: '/profile/avatar', label: lobbyMessages.changeAvatar },
    { to: '/profile/stickers', label: lobbyMessages.laptopStickers },
    { to: `/profile/${user.userid}`, label: lobbyMessages.profile },
    { to: '/account/contact', label: lobbyMessages.contactSettings },
    { to: '/account', label: lobbyMessages.manageAccount },
  ];

  const signOut = () => {
    setOpen(false);
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: (error) => showAlert(errorText(error), { kind: 'error' }),
    });
  };

  return (
    <div className="settings" ref={menu}>
      <button
        type="button"
        className="settings__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={lobbyMessages.settingsLabel(user.name)}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar className="settings__avatar" src={user.images.headfront} name={user.name} size={28} />
        <span className="settings__name">{user.name}</span>
        <GoldEmblem level={user.subscription_level} compact />
        <span aria-hidden="true" className="settings__caret">
          ▾
        </span>
      </button>
      {open && (
        <div className="settings__menu" role="menu" aria-label={lobbyMessages.settingsMenu}>
          {links.map((link) => (
            <ModalLink
              key={link.to}
              to={link.to}
              role="menuitem"
              className="settings__item"
              onClick={() => setOpen(false)}
            >
              {link.label}
            </ModalLink>
          ))}
          <button type="button" role="menuitem" className="settings__item" onClick={signOut}>
            {lobbyMessages.logout}
          </button>
        </div>
      )}
    </div>
  );
}
