/** The words the web's shared parts (packages/web/src/ui) use on every page that shows them. */
export const commonMessages = {
  close: 'Close',
  dismiss: 'Dismiss',
  loading: 'Loading…',
  save: 'Save',
  cancel: 'Cancel',
  signUp: 'Sign up',
  logIn: 'Log in',
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  /** The Gold emblem beside a Gold member's name (spec §6). */
  goldMember: 'A Gold member',
  /** Paying with the card on file. */
  addCard: 'Add a card',
  yourPassword: 'Your password',
  passwordNeeded: 'Please enter your password',
  humanCheckFailed:
    "We couldn't load the check that you're a person. Please check your connection and reload the page.",
} as const;
