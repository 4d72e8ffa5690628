/**
 * The text of the site's own pages (About, Terms, Privacy, Copyright), in the markup
 * site-pages.ts describes. Apart from the footer's words so that only a page that shows
 * one brings it (docs/web-weight.md).
 */
export const aboutPageMessages = {
  title: 'About',
  heading: (name: string) => `About ${name}`,
  lead: (name: string) =>
    `${name} is a place to play music together. People gather in themed rooms, take turns as the DJ, chat, and hear the same song at the same moment.`,
  howItWorks: 'How it works',
  howItWorksPoints: [
    "**Rooms.** The lobby lists the rooms that are open now. Pick one and you're in, listening with everyone else.",
    "**DJs.** Up to five people share a room's stage and play one song each, in turn. Anyone with an account can step up when there's a free spot.",
    '**Votes.** Listeners vote each song Awesome or Lame. Awesome votes earn the DJ points.',
    "**Fans.** Like someone's taste? Become their fan, and the Friends panel in the lobby shows which room they're in.",
    '**Avatars and stickers.** Points unlock more avatars, and you can decorate your laptop with stickers.',
  ],
  guest:
    'You can listen as a guest straight away. [Sign up](/signup) to DJ, collect points and fans, and create rooms of your own.',
  communityHeading: 'A server run by its community',
  community: (name: string) =>
    `This ${name} is one independent server. The people who run it decide who may join, keep its rules (see the [Terms of Service](/terms/)) and look after its data (see the [Privacy Policy](/privacy/)). There is no central ${name} service: accounts here belong to this server alone and are not shared with any other.`,
  software:
    'The software is Platter, which anyone can run on their own machine with one command. The [FAQ](/static/faq.html) explains how.',
  contactHeading: 'Contact',
  contact: (name: string) =>
    `Questions, trouble with your account, or something to report? Write to {contact:${name}}. Copyright notices have their own page: [Copyright](/copyright/).`,
  reporting:
    "To report someone's behaviour in a room, open their profile and choose Report User: the report includes the recent chat, so whoever handles it can see what happened.",
} as const;

export const termsPageMessages = {
  title: 'Terms of Service',
  lead: (name: string) =>
    `These terms are the agreement between you and the people who run this ${name} server ("we"). By using it, as a guest or with an account, you agree to them.`,
  note: 'They are the standard terms that come with the Platter software. The people who run this server may adapt them; the version on this page is the one that applies here.',
  accountHeading: '1. Your account',
  account: [
    'You may listen as a guest. An account lets you DJ, vote, chat, become a fan and create rooms.',
    'Give a real email address you can read, keep your password to yourself, and tell us if you think someone else has used your account.',
    'You must be old enough to agree to use an online service where you live, and at least 13 years old in any case.',
    "Your DJ name is public. Don't pick one that impersonates someone else or that insults people.",
  ],
  neighbourHeading: '2. Be a good neighbour',
  neighbour: "This is a shared space. Don't:",
  neighbourDont: [
    'harass, threaten or bully anyone, or attack people for who they are;',
    'post sexual content involving minors, or anything else that is illegal where this server runs;',
    'spam rooms or people, or run bots that others have not agreed to;',
    'pretend to be someone else, or to speak for the people who run this server;',
    "try to break into accounts or the server, overload it, or collect other people's data in bulk.",
  ],
  reports:
    'Everyone can ignore a member (their chat disappears for you) or report them from their profile. We read reports and act on them.',
  musicHeading: '3. Music and what you post',
  music: [
    'Play only music you have the right to share in a room. If you think something here infringes your copyright, see the [Copyright](/copyright/) page.',
    'What you post (chat, your profile, the rooms you create) stays yours. You allow us to store it and show it to the people on this server, as the service needs to work.',
    "Room creators set their room's name and rules within these terms; we may rename or close any room.",
  ],
  goldHeading: '4. Gold',
  gold: "Gold is an optional paid subscription that supports this server and adds extras such as Gold avatars. If this server offers it: it renews each period until you cancel; you can cancel at any time from Manage Account, and Gold then lasts until the end of the period you paid for. We don't refund partial periods unless the law requires it. Card payments are handled by a payment provider, never stored on this server.",
  wrongHeading: '5. When things go wrong',
  wrong: [
    "We may remove content, close rooms, and suspend or close accounts that break these terms, and we'll tell you why where we can.",
    'You may stop using the service at any time and ask us to delete your account: write to {contact:Delete my account}.',
    'This server is run by its community, as is and as available: it may go down, change, lose data or shut down. As far as the law allows, we are not liable for indirect losses or for more than what you paid us in the last twelve months.',
  ],
  changesHeading: '6. Changes',
  changes:
    "If we change these terms in a way that matters, we'll say so on the site (in the news box or a headband) before the change applies. Questions about them: {contact:Terms of Service}.",
} as const;

export const privacyPageMessages = {
  title: 'Privacy Policy',
  lead: (name: string) =>
    `This page says what this ${name} server stores about you, why, and who else sees it. In short: what you need to play music together, nothing for advertisers, and nothing sold.`,
  storedHeading: 'What we store',
  stored: [
    {
      term: 'Your account',
      text: "Your DJ name, your email address (and a new one while it waits to be confirmed), your avatar, the profile details you choose to fill in, your DJ points, your fans and the people you're a fan of, your ignore list, your laptop stickers and your preferences.",
    },
    {
      term: 'Your password',
      text: 'Only as a slow, salted hash (argon2id). Nobody here can read your password, and we will never ask you for it.',
    },
    {
      term: 'Your sessions',
      text: 'For each device you use: a random sign-in token (kept only as a hash), when it was created and last used, and, where the app sends one, a device fingerprint we use against abuse.',
    },
    {
      term: 'What you do here',
      text: 'The rooms you create and join, the songs you play, your votes, your chat messages, and whether you are online, active or away. When someone reports a member, the recent chat they saw goes with the report so that it can be checked.',
    },
    {
      term: 'Gold',
      text: "If you subscribe, your subscription's state. Your card is handled by the payment provider: we keep only its brand, last four digits, expiry date and ZIP code, so that you can recognise it.",
    },
    {
      term: 'Linked accounts',
      text: 'If you connect a social account, its id and profile picture. We never post for you unless you ask.',
    },
  ],
  cookiesHeading: 'Cookies',
  cookies: 'This site sets only the cookies it needs, all its own:',
  cookieList: [
    '`platterUserId`, `platterUserAuth` and `platterUserNamed` remember who you are on this device, for up to a year, until you log out.',
    '`setting_…` cookies remember choices you make on this device, such as a banner you closed (a year) or a headband you closed (21 days).',
  ],
  noTrackers: 'There are no advertising cookies and no third-party analytics or trackers.',
  whoHeading: 'Who sees what',
  who: [
    "Everyone on this server sees what the app shows publicly: your DJ name, avatar, profile, points and fans, the room you're in, the songs you play and what you say in rooms.",
    'Your email address, password hash, sessions and card details are never shown to other people.',
    'The people who run this server can see what it stores, and use it only to run the service, keep it safe and handle reports.',
    'Outside this server, your data goes only where the service needs it: to the mail service that delivers our emails to you, to the payment provider if you buy Gold, and to the social network if you link one. Cover art and some pictures load from other sites, which see your IP address as any website would.',
    "We don't sell or rent your data, and we share it with authorities only when the law requires us to.",
  ],
  keepingHeading: 'Keeping and deleting',
  keeping:
    "We keep your account while you use it. To get a copy of your data, correct it or have your account deleted, write to {contact:My data}. Deleting an account removes your profile, settings and sessions; a report that quotes your messages may be kept until it is settled. The server's logs may hold IP addresses for a short time, to fix problems and stop abuse.",
} as const;

export const copyrightPageMessages = {
  title: 'Copyright',
  lead: (name: string) =>
    `Members bring the music played in ${name} rooms. We respect the rights of the people who make it, and we remove material that infringes them when we're told about it.`,
  reportingHeading: 'Reporting an infringement',
  reporting:
    'If you believe something on this server infringes a copyright you own or represent, send a notice to the people who run it at {contact:Copyright notice}, with:',
  notice: [
    'your name, postal address, telephone number and email address;',
    'the copyrighted work you believe is infringed;',
    "what infringes it and where: the room's name or address, the DJ's name, and the song and the time it played, or the address of the page or image;",
    'a statement that you believe in good faith that this use is not authorised by the copyright owner, its agent or the law;',
    'a statement that the information in your notice is accurate and, under penalty of perjury, that you are the owner or are authorised to act for the owner;',
    'your physical or electronic signature.',
  ],
  removal:
    'We remove or disable what the notice identifies, and tell the member who posted it. Notices that leave out these details may take us longer to act on.',
  counterHeading: 'Counter-notices',
  counter:
    "If your material was removed and you believe that was a mistake or that you have the right to use it, write to the same address with: your name, address, telephone number and email; what was removed and where it was; a statement under penalty of perjury that you believe in good faith it was removed by mistake or misidentification; your consent to the jurisdiction of the courts where you live (or where this server's operator is, if you live elsewhere); and your signature. We pass it on to whoever sent the notice, and may restore the material unless they tell us they have started legal action.",
  repeatHeading: 'Repeat infringers',
  repeat: 'We close the accounts of members who infringe again and again. See also the [Terms of Service](/terms/).',
} as const;
