/**
 * Every modal route of spec §2, as data: its path, its name in the spec and
 * what it shows. Each opens over the lobby; a trailing slash is accepted.
 * Each screen's code is fetched when it first opens (docs/web-weight.md): the
 * lobby's first load carries none of them, and app-routes.tsx shows the modal
 * with a spinner meanwhile.
 */
import type { ReactElement } from 'react';
import { lazyScreen } from './lazy-screen';
import { LazyMusicModal } from './lazy-music';

const AccountsModal = lazyScreen(() => import('../features/account/accounts-modal'), 'AccountsModal');
const ContactSettingsModal = lazyScreen(
  () => import('../features/account/contact-settings-modal'),
  'ContactSettingsModal',
);
const ForgotPasswordModal = lazyScreen(() => import('../features/auth/forgot-password-modal'), 'ForgotPasswordModal');
const LoginModal = lazyScreen(() => import('../features/auth/login-modal'), 'LoginModal');
const AvatarPickerModal = lazyScreen(() => import('../features/avatars/avatar-picker-modal'), 'AvatarPickerModal');
const CancelGoldModal = lazyScreen(() => import('../features/gold/cancel-gold-modal'), 'CancelGoldModal');
const GoldAccountRows = lazyScreen(() => import('../features/gold/gold-account-rows'), 'GoldAccountRows');
const GoldModal = lazyScreen(() => import('../features/gold/gold-modal'), 'GoldModal');
const PaymentModal = lazyScreen(() => import('../features/gold/payment-modal'), 'PaymentModal');
const ReactivateGoldModal = lazyScreen(() => import('../features/gold/reactivate-gold-modal'), 'ReactivateGoldModal');
const GraphicsModal = lazyScreen(() => import('../features/graphics/graphics-modal'), 'GraphicsModal');
const IgnoreModal = lazyScreen(() => import('../features/ignore/ignore-modal'), 'IgnoreModal');
const EditProfileModal = lazyScreen(() => import('../features/profile/edit-profile-modal'), 'EditProfileModal');
const FanListModal = lazyScreen(() => import('../features/profile/fan-list-modal'), 'FanListModal');
const ProfileModal = lazyScreen(() => import('../features/profile/profile-modal'), 'ProfileModal');
const ReportUserModal = lazyScreen(() => import('../features/profile/report-user-modal'), 'ReportUserModal');
const CreateRoomModal = lazyScreen(() => import('../features/create-room/create-room-modal'), 'CreateRoomModal');
const CompleteRegistrationModal = lazyScreen(
  () => import('../features/signup/complete-registration-modal'),
  'CompleteRegistrationModal',
);
const SignupModal = lazyScreen(() => import('../features/signup/signup-modal'), 'SignupModal');
const SocialStepModal = lazyScreen(() => import('../features/signup/social-step-modal'), 'SocialStepModal');
const SocialModal = lazyScreen(() => import('../features/social/social-modal'), 'SocialModal');
const SocialStepNotice = lazyScreen(() => import('../features/social/social-step-notice'), 'SocialStepNotice');
const SocialStepProviders = lazyScreen(() => import('../features/social/social-step-providers'), 'SocialStepProviders');
const StickerEditorModal = lazyScreen(() => import('../features/stickers/sticker-editor-modal'), 'StickerEditorModal');

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
