import { appUrl } from './app-link';

describe('appUrl (links in mails)', () => {
  it('builds on PUBLIC_URL, keeping a path prefix and dropping a trailing slash', () => {
    expect(appUrl({ PUBLIC_URL: 'https://questlog.example/', PORT: 3000 }, '/reset-password?token=t')).toBe(
      'https://questlog.example/reset-password?token=t',
    );
    expect(appUrl({ PUBLIC_URL: 'https://example.org/questlog', PORT: 3000 }, '/archive')).toBe(
      'https://example.org/questlog/archive',
    );
  });

  it('without PUBLIC_URL names the address npm start prints', () => {
    expect(appUrl({ PUBLIC_URL: undefined, PORT: 3100 }, '/login')).toBe('http://localhost:3100/login');
  });
});
