/** Demo rooms and songs: fictional artists and titles, real-sounding themes. */

export interface DemoRoom {
  name: string;
  theme: string;
  description: string;
}

export const DEMO_ROOMS: readonly DemoRoom[] = [
  ['Indie Lounge', 'indie', 'Guitars, heartbreak and the next band you will love.'],
  ['Jazz Cellar', 'jazz', 'Smoky standards and late-night improvisation.'],
  ['80s Synthwave', 'synthwave', 'Neon, chrome and analog synths.'],
  ['Lo-fi Study Beats', 'lofi', 'Soft beats to read, code and think to.'],
  ['Metal Forge', 'metal', 'Heavy riffs only. Bring your own earplugs.'],
  ['Hip-Hop Cypher', 'hiphop', 'Boom bap, trap and everything in between.'],
  ['Classical Corner', 'classical', 'Symphonies, sonatas and the odd opera.'],
  ['Deep House Terrace', 'house', 'Four on the floor until sunrise.'],
  ['Folk Campfire', 'folk', 'Acoustic guitars and stories.'],
  ['Punk Basement', 'punk', 'Three chords and the truth.'],
  ['Reggae Sunsplash', 'reggae', 'Roots, dub and rocksteady.'],
  ['Soul Kitchen', 'soul', 'Motown, Stax and modern soul.'],
  ['Techno Bunker', 'techno', 'Relentless, hypnotic, dark.'],
  ['Chillwave Beach', 'chillwave', 'Hazy summer memories.'],
  ['Country Roads', 'country', 'Steel guitars and dusty boots.'],
  ['Blues Alley', 'blues', 'Twelve bars of feeling.'],
  ['K-Pop Stage', 'kpop', 'Bright hooks and big choruses.'],
  ['Bossa Nova Café', 'bossa', 'Gentle rhythms from Rio.'],
  ['Drum & Bass Arena', 'dnb', 'Fast breaks and deep bass.'],
  ['Ambient Drift', 'ambient', 'Slow music for slow minds.'],
  ['Funk Factory', 'funk', 'Slap bass and horn sections.'],
  ['Shoegaze Cathedral', 'shoegaze', 'Walls of reverb.'],
  ['Video Game OST', 'vgm', 'Boss battles and town themes.'],
  ['Film Scores', 'soundtrack', 'Music from the movies.'],
  ['Afrobeat Yard', 'afrobeat', 'Polyrhythms and joy.'],
  ['Latin Heat', 'latin', 'Salsa, cumbia and reggaeton.'],
  ['Britpop Pub', 'britpop', 'Mid-90s swagger.'],
  ['Grunge Garage', 'grunge', 'Flannel and feedback.'],
  ['Disco Inferno', 'disco', 'Mirror balls and strings.'],
  ['Trip-Hop Lounge', 'triphop', 'Bristol sounds after midnight.'],
  ['Emo Nite', 'emo', 'Feelings, loudly.'],
  ['Math Rock Lab', 'mathrock', 'Odd time signatures welcome.'],
  ['Singer-Songwriter Circle', 'songwriter', 'One voice, one instrument.'],
  ['Electro Swing Ballroom', 'electroswing', 'Big band meets big beat.'],
  ['Garage Rock Revival', 'garage', 'Fuzz pedals at dawn.'],
  ['Dubstep Dungeon', 'dubstep', 'Wobbles and drops.'],
  ['New Wave Disco', 'newwave', 'Angular guitars, danceable.'],
  ['Psych Rock Trip', 'psych', 'Far-out sounds.'],
  ['City Pop Tokyo', 'citypop', 'Glittering 80s Japan.'],
  ['Vaporwave Mall', 'vaporwave', 'Slowed-down nostalgia.'],
  ['Bluegrass Porch', 'bluegrass', 'Banjos and fiddles.'],
  ['R&B Slow Jams', 'rnb', 'Smooth and sweet.'],
  ['Hyperpop Party', 'hyperpop', 'Everything, louder.'],
  ['Post-Rock Horizon', 'postrock', 'Crescendos that take their time.'],
  ['Throwback Thursday', 'throwback', 'Hits from every decade.'],
  ['Coffeehouse Acoustic', 'acoustic', 'Unplugged and cozy.'],
  ['Eurodance 90s', 'eurodance', 'Big synths, bigger choruses.'],
  ['Gospel Choir', 'gospel', 'Voices lifted high.'],
  ['Celtic Session', 'celtic', 'Reels, jigs and ballads.'],
  ['Ska Skank', 'ska', 'Upstrokes and horns.'],
  ['Minimal Wave', 'minimal', 'Cold synths, warm hearts.'],
  ['Chiptune Arcade', 'chiptune', '8-bit bleeps and bloops.'],
  ['Balearic Sunset', 'balearic', 'Ibiza at golden hour.'],
  ['Noise Pop Attic', 'noisepop', 'Sweet melodies, rough edges.'],
  ['Desert Blues', 'desert', 'Hypnotic guitars from the Sahara.'],
  ['Hardcore Pit', 'hardcore', 'Short songs, loud shouts.'],
  ['Nu Jazz Loft', 'nujazz', 'Jazz for the dance floor.'],
  ['Dream Pop Cloud', 'dreampop', 'Floating melodies.'],
  ['Sunday Brunch', 'brunch', 'Easy listening with mimosas.'],
  ['Open Decks', 'eclectic', 'Anything goes. Bring your best.'],
  ['Night Drive', 'nightdrive', 'Music for empty highways.'],
  ['Kids Corner', 'kids', 'Sing-alongs for the little ones.'],
].map(([name, theme, description]) => ({ name: name ?? '', theme: theme ?? '', description: description ?? '' }));

export const DEMO_HEADBAND = {
  color: 'blue' as const,
  content: 'Welcome to Platter! Pick a room, grab a seat on stage and play something great.',
};

export const DEMO_NEWS = [
  'Platter is open! Join a room, take a turn as DJ, and vote songs Awesome or Lame.',
  'New here? Read the FAQ at /static/faq.html, then create a room of your own.',
  'Running your own Platter takes two commands: npm install && npm start. The FAQ says more.',
].join('\n\n');
