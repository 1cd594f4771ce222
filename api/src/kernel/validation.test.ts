import { nestsDeeperThan, visible } from './validation';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? { key: value } : [value];
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not what they hold', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 'x', b: [1, 2] }, 2)).toBe(false);
    expect(nestsDeeperThan({ a: 'x', b: [1, 2] }, 1)).toBe(true);
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
  });

  it('walks a value far deeper than the call stack allows', () => {
    expect(nestsDeeperThan(nested(200_000), 32)).toBe(true);
  });
});

describe('visible', () => {
  it('reads white space and format characters alone as blank', () => {
    for (const blank of ['', '  \t\n', '\u200b', '\u200c\u200d', '\ufeff', '\u2060 \u200e'])
      expect(visible(blank)).toBe(false);
    for (const text of ['a', ' Strahd\u200b', '🐉', '東']) expect(visible(text)).toBe(true);
  });
});
