/**
 * Every modal route of spec §2, as data: its path, its name in the spec and
 * what it shows. Each opens over the lobby; a trailing slash is accepted.
 */
import type { ReactElement } from 'react';
import { LoginModal } from '../features/auth/login-modal';
import { ComingSoon } from '../features/placeholder/coming-soon';
import { CreateRoomModal } from '../features/rooms/create-room-modal';

export interface ModalScreenProps {
  onClose: () => void;
}

export interface ModalRoute {
  path: string;
  name: string;
  render: (props: ModalScreenProps) => ReactElement;
}

const soon =
  (title: string) =>
  ({ onClose }: ModalScreenProps) => <ComingSoon title={title} onClose={onClose} />;

export const modalRoutes: readonly ModalRoute[] = [
  { path: 'profile', name: 'myProfile', render: soon('Profile') },
  { path: 'profile/avatar', name: 'avatarPicker', render: soon('Change Avatar') },
  { path: 'profile/edit', name: 'profileEdit', render: soon('Edit Profile') },
  { path: 'profile/stickers', name: 'stickerEdit', render: soon('Laptop Stickers') },
  { path: 'profile/:userId', name: 'profile', render: soon('Profile') },
  { path: 'profile/:userId/fanned', name: 'userFanned', render: soon('Fan Of') },
  { path: 'profile/:userId/fans', name: 'userFans', render: soon('Fans') },
  { path: 'profile/:userId/report', name: 'reportUser', render: soon('Report User') },
  { path: 'account', name: 'accounts', render: soon('Manage Accounts') },
  { path: 'account/payment', name: 'payment', render: soon('Update Credit Card') },
  { path: 'account/cancel-gold', name: 'cancelGold', render: soon('Cancel Gold') },
  { path: 'account/reactivate-gold', name: 'reactivateGold', render: soon('Reactivate Gold') },
  { path: 'account/social', name: 'social', render: soon('Manage Social') },
  { path: 'account/contact', name: 'contactSettings', render: soon('Contact Settings') },
  { path: 'account/ignore', name: 'ignore', render: soon('Ignored Users') },
  { path: 'reset-password', name: 'resetPassword', render: soon('Forgot your password?') },
  { path: 'signup', name: 'signup', render: soon('Sign Up') },
  { path: 'signup/email', name: 'signupEmailStep', render: soon('Sign Up') },
  { path: 'signup/social', name: 'signupSocialStep', render: soon('Sign Up') },
  { path: 'login', name: 'login', render: (props) => <LoginModal {...props} /> },
  { path: 'create-room', name: 'createRoom', render: (props) => <CreateRoomModal {...props} /> },
  { path: 'graphics', name: 'graphics', render: soon('Graphics') },
  { path: 'gold', name: 'gold', render: soon('Gold') },
];
