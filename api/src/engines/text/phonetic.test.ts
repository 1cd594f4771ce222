import { capitalisedAsName, isCommonWord } from './english-words';
import { phoneticKey } from './phonetic';

test('the phonetic key hears names split or misspelled by Whisper as the name', () => {
  const same: [string, string][] = [
    ['Karen', 'Corin'],
    ['Corn', 'Corin'],
    ['Vale', 'Veyla'],
    ['or when', 'Orwen'],
    ['is may', 'Ysmay'],
    ['Elsa bet', 'Ilsabet'],
    ['Hall rick', 'Halric'],
    ['crag maw', 'Kragmaw'],
    ['Aubrey L', 'Aubrielle'],
  ];
  for (const [heard, name] of same) expect(phoneticKey(heard)).toBe(phoneticKey(name));
  expect(phoneticKey('Eldrawen')).toBe('altrn');
  expect(phoneticKey('Nythraxis')).toBe('ntrks');
  expect(phoneticKey('knight')).toBe('nt');
  expect(phoneticKey('church')).toBe('XrX');
  expect(phoneticKey('Quillon')).not.toBe(phoneticKey('will and'));
});

test('a capitalised word looks like a name unless it is I, all capitals, a day, month or title', () => {
  expect(capitalisedAsName('Vale')).toBe(true);
  expect(capitalisedAsName('Corn')).toBe(true);
  for (const word of ['vale', 'I', "I'm", 'DM', 'OK', 'Friday', 'March', 'Saint', 'Lord', 'Okay']) {
    expect(capitalisedAsName(word)).toBe(false);
  }
  expect(isCommonWord('core')).toBe(true);
  expect(isCommonWord('maw')).toBe(false);
});
