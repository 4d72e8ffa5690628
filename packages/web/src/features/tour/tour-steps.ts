/**
 * The welcome tour's steps: each points at a real part of the lobby by a
 * selector (features never import each other, so the tour finds the lobby's
 * parts in the page), or at nothing for the greeting.
 */
export interface TourStep {
  id: string;
  /** The part of the page this step is about; null for a step in the middle of the window. */
  target: string | null;
  title: string;
  text: string;
}

export function welcomeSteps(productName: string, name: string | null): TourStep[] {
  return [
    {
      id: 'welcome',
      target: null,
      title: name ? `Welcome to ${productName}, ${name}!` : `Welcome to ${productName}!`,
      text: 'Here is a quick look around: four stops, half a minute. You can skip it at any time.',
    },
    {
      id: 'rooms',
      target: '.room-list',
      title: 'Rooms playing now',
      text: 'Every room here is playing music right now. Pick one to listen along, chat, and take your turn as DJ. Sort them by what’s hot, by listeners or by rooms that need DJs.',
    },
    {
      id: 'create-room',
      target: '.topbar__actions a[href="/create-room"]',
      title: 'Start your own room',
      text: 'Give it a name and a theme, and invite friends to play what you love.',
    },
    {
      id: 'friends',
      target: '.friends',
      title: 'Find your friends',
      text: 'Become a fan of DJs you like: this panel shows which rooms they are in, so you can join them.',
    },
    {
      id: 'profile-menu',
      target: '.settings__toggle',
      title: 'You, your avatar and your laptop',
      text: 'Your profile, avatar, laptop stickers and account settings live in this menu. Earn DJ points and fans by playing songs people love.',
    },
  ];
}
