/** Reading time: about 1,200 characters a minute (some 200 words), at least one minute. The public article and the editor's count agree. */
export const CHARACTERS_PER_MINUTE = 1200;

export function minutesForCharacters(chars: number): number {
  return Math.max(1, Math.round(chars / CHARACTERS_PER_MINUTE));
}
