/**
 * A DJ name's confusable skeleton (Unicode TS #39, section 4): what it looks
 * like, whatever the script. 'Bоb' with a Cyrillic о and 'Bob' share one, as
 * do 'B0b' and 'BOB', so a name can be kept from passing for another
 * (features/accounts: names are unique by it). The mapping is Unicode's
 * confusables.txt, through unhomoglyph (nodeca); lowercased after mapping, so
 * that case never tells two names apart either (mapping first keeps 'I' and
 * 'l' together, which lowercasing first would split).
 */
import unhomoglyph from 'unhomoglyph';

export function nameSkeleton(name: string): string {
  return unhomoglyph(name.normalize('NFD')).normalize('NFD').toLowerCase();
}

/** The columns a DJ name is stored in: as typed, lowercased, and by its skeleton. */
export function nameColumns(name: string): { name: string; nameLower: string; nameSkeleton: string } {
  return { name, nameLower: name.toLowerCase(), nameSkeleton: nameSkeleton(name) };
}
