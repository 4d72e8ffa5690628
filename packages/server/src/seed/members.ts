/** Demo members: DJs with names, avatars, points and fans of one another. */
import type { Services } from '../api/context';
import { createEmailMember } from '../features/accounts/sign-in';
import { hashPassword } from '../features/auth';
import { updateUser } from '../features/accounts/store';
import { becomeFanOf } from '../features/fans/store';

export const DEMO_PASSWORD = 'platter-demo';

export interface DemoMember {
  name: string;
  email: string;
  avatarid: number;
  points: number;
  acl?: number;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { name: 'Ada Vinyl', email: 'ada@example.com', avatarid: 8, points: 1520 },
  { name: 'Basslord', email: 'basslord@example.com', avatarid: 4, points: 48_200 },
  { name: 'Cassette Kid', email: 'cassette@example.com', avatarid: 34, points: 310 },
  { name: 'Dee Jay Dolphin', email: 'dolphin@example.com', avatarid: 1, points: 9_870 },
  { name: 'Echo Park', email: 'echo@example.com', avatarid: 7, points: 2_040 },
  { name: 'Funky Otter', email: 'otter@example.com', avatarid: 5, points: 640 },
  { name: 'Groove Theory', email: 'groove@example.com', avatarid: 8, points: 15_300 },
  { name: 'Hazy Heron', email: 'heron@example.com', avatarid: 4, points: 75 },
  { name: 'Indie Iris', email: 'iris@example.com', avatarid: 34, points: 4_420 },
  { name: 'Jazzy Jay', email: 'jazzy@example.com', avatarid: 1, points: 22_150 },
  { name: 'Koala Kruise', email: 'koala@example.com', avatarid: 7, points: 880 },
  { name: 'Lunar Llama', email: 'llama@example.com', avatarid: 5, points: 3_300 },
];

const EXTRA_NAMES = [
  'Mellow Moose',
  'Neon Narwhal',
  'Velvet Fox',
  'Cosmic Yak',
  'Breezy Beetle',
  'Golden Gecko',
  'Rowdy Raccoon',
  'Snazzy Synth',
  'Dusty Banjo',
  'Lucky Comet',
  'Sleepy Walrus',
  'Zesty Mango',
  'Mighty Echo',
  'Silver Heron',
  'Fuzzy Falcon',
  'Soulful Tiger',
  'Crispy Cassette',
  'Hazy Groove',
  'Bouncy Bassline',
  'Dapper Dolphin',
  'Wild Tambourine',
  'Sunny Octopus',
  'Lazy Panda',
  'Electric Badger',
  'Midnight Koala',
  'Jazzy Penguin',
  'Lunar Otter',
  'Smooth Vinyl',
];

/** The demo community: the named members above, and more DJs with generated names, one password. */
export const ALL_DEMO_MEMBERS: readonly DemoMember[] = [
  ...DEMO_MEMBERS,
  ...EXTRA_NAMES.map((name, i) => ({
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    avatarid: [8, 4, 34, 1, 7, 5][i % 6] ?? 8,
    points: (i * 7919) % 30_000,
  })),
];

/** Registers each member as sign-up does (without its mail and limits), then gives them history and fans. */
export async function seedMembers(services: Services): Promise<string[]> {
  const ids: string[] = [];
  // One hash of the one password everybody knows: a hash each took 40 argon2id runs (over a
  // second) at every first start.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const member of ALL_DEMO_MEMBERS) {
    const userid = await createEmailMember(services, {
      name: member.name,
      email: member.email,
      password: DEMO_PASSWORD,
      passwordHash,
      avatarid: member.avatarid,
    });
    // Demo members have followed their verification links already.
    await updateUser(services.db, userid, {
      points: member.points,
      acl: member.acl ?? 0,
      email: member.email,
      emailLower: member.email.toLowerCase(),
      unverifiedEmail: null,
      unverifiedEmailLower: null,
    });
    ids.push(userid);
  }
  // Every member is a fan of the next three: a small, connected world.
  for (const [i, fan] of ids.entries()) {
    for (let step = 1; step <= 3; step++) {
      const dj = ids[(i + step) % ids.length];
      if (dj) await becomeFanOf(services, fan, dj);
    }
  }
  return ids;
}
