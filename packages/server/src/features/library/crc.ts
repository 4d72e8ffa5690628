/**
 * The checksums audio containers carry, MSB first, zero start, no final xor:
 * FLAC's CRC-8 (frame headers) and CRC-16 (whole frames), Ogg's CRC-32 (pages).
 * They tell a real frame or page from bytes that only look like its start.
 */

function tableFor(width: 8 | 16 | 32, poly: number): Uint32Array {
  const top = 2 ** (width - 1);
  const mask = width === 32 ? 0xffffffff : (1 << width) - 1;
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = width === 32 ? (byte << 24) >>> 0 : byte << (width - 8);
    for (let bit = 0; bit < 8; bit++) crc = crc & top ? ((crc << 1) ^ poly) & mask : (crc << 1) & mask;
    table[byte] = crc >>> 0;
  }
  return table;
}

const CRC8 = tableFor(8, 0x07);
const CRC16 = tableFor(16, 0x8005);
const CRC32 = tableFor(32, 0x04c11db7);

export function crc8(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0;
  for (let i = from; i < to; i++) crc = CRC8[crc ^ bytes[i]!]!;
  return crc;
}

/** Over a FLAC frame with its own CRC-16 at the end, this is 0. */
export function crc16(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0;
  for (let i = from; i < to; i++) crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ bytes[i]!]!;
  return crc;
}

/** Ogg's page checksum, going on from `crc` (the CRC of the bytes before `from`). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length, crc = 0): number {
  for (let i = from; i < to; i++) crc = ((crc << 8) ^ CRC32[(crc >>> 24) ^ bytes[i]!]!) >>> 0;
  return crc;
}
