/** Friendly DJ names for the registration modal's suggestion (spec §2 Registration modal). */
import { randomInt } from 'node:crypto';
import { DJ_NAME_MAX } from '@platter/contract';

const ADJECTIVES = [
  'Funky',
  'Groovy',
  'Mellow',
  'Electric',
  'Velvet',
  'Cosmic',
  'Sunny',
  'Midnight',
  'Golden',
  'Lazy',
  'Jazzy',
  'Breezy',
  'Dusty',
  'Neon',
  'Lucky',
  'Smooth',
  'Rowdy',
  'Sleepy',
  'Snazzy',
  'Wild',
  'Fuzzy',
  'Lunar',
  'Silver',
  'Soulful',
  'Bouncy',
  'Dapper',
  'Crispy',
  'Hazy',
  'Zesty',
  'Mighty',
];

const NOUNS = [
  'Otter',
  'Walrus',
  'Falcon',
  'Panda',
  'Llama',
  'Badger',
  'Turntable',
  'Vinyl',
  'Cassette',
  'Banjo',
  'Penguin',
  'Koala',
  'Fox',
  'Heron',
  'Moose',
  'Tiger',
  'Yak',
  'Gecko',
  'Narwhal',
  'Octopus',
  'Bassline',
  'Groove',
  'Echo',
  'Synth',
  'Tambourine',
  'Comet',
  'Raccoon',
  'Dolphin',
  'Beetle',
  'Mango',
];

const pick = (words: readonly string[]) => words[randomInt(words.length)] ?? words[0] ?? '';

/** Asks `isTaken` until it finds a free name; after a few tries adds digits to widen the space. */
export async function suggestName(isTaken: (name: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    let name = `${pick(ADJECTIVES)} ${pick(NOUNS)}`;
    if (attempt >= 5) name = `${name.slice(0, DJ_NAME_MAX - 4)}${randomInt(1000, 10_000)}`;
    if (name.length <= DJ_NAME_MAX && !(await isTaken(name))) return name;
  }
  return `DJ ${randomInt(100_000_000, 1_000_000_000)}`;
}
