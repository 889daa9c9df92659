// UTF-8 validation that says where the first bad byte is (TextDecoder only says that there is one).

/**
 * The offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1 when `bytes` is
 * valid UTF-8. Overlong forms, surrogates (U+D800–DFFF) and code points above U+10FFFF are invalid, as
 * for a fatal TextDecoder; a sequence cut off by the end of the input is reported at its first byte.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  const n = bytes.length
  let i = 0
  while (i < n) {
    const b = bytes[i] as number
    if (b < 0x80) {
      i++
      continue
    }
    let len: number
    let lo = 0x80
    let hi = 0xbf
    if (b >= 0xc2 && b <= 0xdf) len = 2
    else if (b >= 0xe0 && b <= 0xef) {
      len = 3
      if (b === 0xe0) lo = 0xa0 // no overlong forms
      if (b === 0xed) hi = 0x9f // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4
      if (b === 0xf0) lo = 0x90 // no overlong forms
      if (b === 0xf4) hi = 0x8f // nothing above U+10FFFF
    } else return i
    if (i + len > n) return i
    const second = bytes[i + 1] as number
    if (second < lo || second > hi) return i
    for (let k = 2; k < len; k++) {
      const c = bytes[i + k] as number
      if (c < 0x80 || c > 0xbf) return i
    }
    i += len
  }
  return -1
}
