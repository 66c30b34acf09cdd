// CRC-16/CCITT-FALSE, the checksum EMVCo merchant-presented QR codes (and Brazil's Pix BR Code,
// which follows them) carry in tag 63: polynomial 0x1021, initial value 0xFFFF, bits not
// reflected, no final XOR. Wallets recompute it to reject a mis-scanned or edited payload.

const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
})();

const encoder = new TextEncoder();

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, xorout 0) of `data`; a string is
 * taken as its UTF-8 bytes, which for the ASCII payloads EMV QR codes use are the characters
 * themselves. The standard check value is crc("123456789") = 0x29B1.
 */
export function crc16CcittFalse(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  let crc = 0xffff;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] as number);
  return crc;
}

/** The CRC as EMV QR tag 63 writes it: four uppercase hexadecimal digits, zero-padded. */
export function crc16Hex(data: string | Uint8Array): string {
  return crc16CcittFalse(data).toString(16).toUpperCase().padStart(4, '0');
}
