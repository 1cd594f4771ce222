/**
 * A consonant skeleton of how a spelling sounds, in the manner of Double Metaphone's primary code but
 * not cut to four letters (long invented names need all of theirs): "Karen", "Corn" and "Corin" are
 * all "krn", "Vale" and "Veyla" "fl", "or when" and "Orwen" "arn", "Elsa bet" and "Ilsabet" "alspt".
 * Voiced and voiceless pairs share a letter (b/p, d/t, g/k, v/f, z/s), as Whisper confuses them; vowels
 * count only at the start, as "a"; h, w and y only before a vowel at the start.
 */
export function phoneticKey(text: string): string {
  const spelled = text
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/^(?:[gkp]n|wr|ps)/, (m) => m[1])
    .replace(/^x/, 's')
    .replace(/^wh/, 'w')
    .replace(/x/g, 'ks')
    .replace(/sch/g, 'sk')
    .replace(/t?ch|sh/g, 'X')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/gh(?![aeiouy])/g, '')
    .replace(/([kw])h/g, '$1')
    .replace(/ck|qu?/g, 'k')
    .replace(/dg(?=[eiy])/g, 'j')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/b/g, 'p')
    .replace(/d/g, 't')
    .replace(/g/g, 'k')
    .replace(/v/g, 'f')
    .replace(/z/g, 's');
  const first = /^[aeiou]|^y(?![aeiou])/.test(spelled) ? 'a' : /^[hwy][aeiou]/.test(spelled) ? spelled[0] : '';
  const rest = (first ? spelled.slice(1) : spelled).replace(/[aeiouyhw]/g, '');
  return `${first}${rest}`.replace(/(.)\1+/g, '$1');
}
