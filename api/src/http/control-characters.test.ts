import { DomainError } from '../kernel/errors';
import { controlCharacterError, findControlCharacter, hasForbiddenCharacter } from './control-characters';

describe('hasForbiddenCharacter', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['the last C1 control', 'a\u009fb'],
    ['a lone high surrogate', 'a\ud83db'],
    ['a lone low surrogate', 'a\ude00b'],
    ['a high surrogate at the end', 'a\ud83d'],
  ])('refuses %s in short and long text', (_name, text) => {
    expect(hasForbiddenCharacter(text, false)).toBe(true);
    expect(hasForbiddenCharacter(text, true)).toBe(true);
  });

  it.each([
    ['line feed', 'a\nb'],
    ['carriage return', 'a\r\nb'],
    ['tab', 'a\tb'],
  ])('allows %s only in long text', (_name, text) => {
    expect(hasForbiddenCharacter(text, false)).toBe(true);
    expect(hasForbiddenCharacter(text, true)).toBe(false);
  });

  it.each([
    ['plain text', 'The Lost Mine of Phandelver'],
    ['accents and non-Latin scripts', 'Ærwyn Þórsdóttir — 東の塔'],
    ['an emoji (a surrogate pair)', 'Dragon 🐉 hoard'],
    ['the first character after the C1 block', '\u00a0no-break space'],
    ['an empty string', ''],
  ])('allows %s', (_name, text) => {
    expect(hasForbiddenCharacter(text, false)).toBe(false);
  });
});

describe('findControlCharacter', () => {
  it('names the key of a JSON body field and its path', () => {
    expect(findControlCharacter({ campaign_name: 'ok', other: 'x\u0000' }, '')).toEqual({
      field: 'other',
      path: 'other',
    });
  });

  it('walks nested objects and arrays; the nearest key is the field', () => {
    const input = { input: { tags: ['fine', 'bad\u0001'] } };
    expect(findControlCharacter(input, '')).toEqual({ field: 'tags', path: 'input.tags.1' });
  });

  it('lets newlines through in the long-text fields and nowhere else', () => {
    expect(findControlCharacter({ new_text: 'line one\nline two' }, '')).toBeUndefined();
    expect(findControlCharacter({ text: 'a\tb' }, '')).toBeUndefined();
    expect(findControlCharacter({ vocabulary: 'Strahd\nIreena' }, '')).toBeUndefined();
    expect(findControlCharacter({ question: 'who?\n' }, '')).toBeUndefined();
    expect(findControlCharacter({ title: 'a\nb' }, '')).toEqual({ field: 'title', path: 'title' });
  });

  it('checks a bare string under the name it is given', () => {
    expect(findControlCharacter('x\u0000', 'title')).toEqual({ field: 'title', path: 'title' });
    expect(findControlCharacter('fine', 'title')).toBeUndefined();
  });

  it('ignores numbers, booleans, null and class instances (uploads, buffers)', () => {
    expect(findControlCharacter({ n: 1, b: true, z: null, buf: Buffer.from('\u0000') }, '')).toBeUndefined();
  });

  it('reads query-string maps, which have no prototype', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { q: ['a', 'b\u0000'] });
    expect(findControlCharacter(query, '')).toEqual({ field: 'q', path: 'q.1' });
  });
});

describe('controlCharacterError', () => {
  it('is a 400 BAD_USER_INPUT naming the field', () => {
    const error = controlCharacterError({ field: 'firstName', path: 'input.firstName' });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'firstName',
      message: 'input.firstName contains a control character',
    });
  });
});
