/**
 * Every modal route of spec §2, as data: its path, its name in the spec and
 * what it shows. Each opens over the lobby; a trailing slash is accepted.
 */
import type { ReactElement } from 'react';
import { AccountsModal } from '../features/account/accounts-modal';
import { ContactSettingsModal } from '../features/account/contact-settings-modal';
import { ForgotPasswordModal } from '../features/auth/forgot-password-modal';
import { LoginModal } from '../features/auth/login-modal';
import { AvatarPickerModal } from '../features/avatars/avatar-picker-modal';
import { CancelGoldModal } from '../features/gold/cancel-gold-modal';
import { GoldAccountRows } from '../features/gold/gold-account-rows';
import { GoldModal } from '../features/gold/gold-modal';
import { PaymentModal } from '../features/gold/payment-modal';
import { ReactivateGoldModal } from '../features/gold/reactivate-gold-modal';
import { GraphicsModal } from '../features/graphics/graphics-modal';
import { IgnoreModal } from '../features/ignore/ignore-modal';
import { EditProfileModal } from '../features/profile/edit-profile-modal';
import { FanListModal } from '../features/profile/fan-list-modal';
import { ProfileModal } from '../features/profile/profile-modal';
import { ReportUserModal } from '../features/profile/report-user-modal';
import { CreateRoomModal } from '../features/create-room/create-room-modal';
import { CompleteRegistrationModal } from '../features/signup/complete-registration-modal';
import { SignupModal } from '../features/signup/signup-modal';
import { SocialStepModal } from '../features/signup/social-step-modal';
import { SocialModal } from '../features/social/social-modal';
import { SocialStepNotice } from '../features/social/social-step-notice';
import { SocialStepProviders } from '../features/social/social-step-providers';
import { StickerEditorModal } from '../features/stickers/sticker-editor-modal';
import { LazyMusicModal } from './lazy-music';

export interface ModalScreenProps {
  onClose: () => void;
}

export interface ModalRoute {
  path: string;
  name: string;
  render: (props: ModalScreenProps) => ReactElement;
}

export const modalRoutes: readonly ModalRoute[] = [
  { path: 'profile', name: 'myProfile', render: (props) => <ProfileModal own {...props} /> },
  { path: 'profile/avatar', name: 'avatarPicker', render: (props) => <AvatarPickerModal {...props} /> },
  { path: 'profile/edit', name: 'profileEdit', render: (props) => <EditProfileModal {...props} /> },
  { path: 'profile/stickers', name: 'stickerEdit', render: (props) => <StickerEditorModal {...props} /> },
  { path: 'profile/:userId', name: 'profile', render: (props) => <ProfileModal {...props} /> },
  { path: 'profile/:userId/fanned', name: 'userFanned', render: (props) => <FanListModal kind="fanned" {...props} /> },
  { path: 'profile/:userId/fans', name: 'userFans', render: (props) => <FanListModal kind="fans" {...props} /> },
  { path: 'profile/:userId/report', name: 'reportUser', render: (props) => <ReportUserModal {...props} /> },
  // Gold members' payment rows come from the gold feature.
  {
    path: 'account',
    name: 'accounts',
    render: (props) => <AccountsModal {...props} paymentSlot={<GoldAccountRows />} />,
  },
  { path: 'account/payment', name: 'payment', render: (props) => <PaymentModal {...props} /> },
  { path: 'account/cancel-gold', name: 'cancelGold', render: (props) => <CancelGoldModal {...props} /> },
  { path: 'account/reactivate-gold', name: 'reactivateGold', render: (props) => <ReactivateGoldModal {...props} /> },
  { path: 'account/social', name: 'social', render: (props) => <SocialModal {...props} /> },
  { path: 'account/contact', name: 'contactSettings', render: (props) => <ContactSettingsModal {...props} /> },
  { path: 'account/ignore', name: 'ignore', render: (props) => <IgnoreModal {...props} /> },
  { path: 'reset-password', name: 'resetPassword', render: (props) => <ForgotPasswordModal {...props} /> },
  { path: 'signup', name: 'signup', render: (props) => <SignupModal {...props} /> },
  { path: 'signup/email', name: 'signupEmailStep', render: (props) => <CompleteRegistrationModal {...props} /> },
  {
    path: 'signup/social',
    name: 'signupSocialStep',
    render: (props) => <SocialStepModal {...props} providers={<SocialStepProviders />} notice={<SocialStepNotice />} />,
  },
  { path: 'login', name: 'login', render: (props) => <LoginModal {...props} /> },
  { path: 'create-room', name: 'createRoom', render: (props) => <CreateRoomModal {...props} /> },
  { path: 'graphics', name: 'graphics', render: (props) => <GraphicsModal {...props} /> },
  { path: 'gold', name: 'gold', render: (props) => <GoldModal {...props} /> },
  // The member's library and playlists (docs/music.md): its code is fetched when it opens.
  { path: 'music', name: 'myMusic', render: (props) => <LazyMusicModal {...props} /> },
];
