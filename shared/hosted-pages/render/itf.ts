// Interleaved 2 of 5, the symbology of the boleto barcode (FEBRABAN), as bar/space widths.
// Each digit is five elements, two of them wide; a pair of digits interleaves the first
// digit's bars with the second digit's spaces.

const digitPatterns = [
  'nnwwn',
  'wnnnw',
  'nwnnw',
  'wwnnn',
  'nnwnw',
  'wnwnn',
  'nwwnn',
  'nnnww',
  'wnnwn',
  'nwnwn',
] as const;

/**
 * Element widths, left to right, alternating bar, space, bar… and ending with a bar, in narrow
 * modules (`wide` narrow modules for a wide element; FEBRABAN uses 1:3).
 */
export function itfElements(digits: string, wide = 3): number[] {
  if (!/^(\d\d)+$/.test(digits))
    throw new RangeError('digits: Interleaved 2 of 5 needs an even number of digits');
  const width = (code: string) => (code === 'w' ? wide : 1);
  const elements = [1, 1, 1, 1];
  for (let index = 0; index < digits.length; index += 2) {
    const bars = digitPatterns[Number(digits[index])]!;
    const spaces = digitPatterns[Number(digits[index + 1])]!;
    for (let element = 0; element < 5; element += 1)
      elements.push(width(bars[element]!), width(spaces[element]!));
  }
  elements.push(wide, 1, 1);
  return elements;
}
