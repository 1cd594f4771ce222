import { dummyHash, hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('are argon2id at the library defaults (64 MiB, 3 passes, 4 lanes) outside tests', async () => {
    for (const NODE_ENV of ['production', 'development'] as const) {
      const hash = await hashPassword('correct horse battery', { NODE_ENV });
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
      expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
      expect(await verifyPassword(hash, 'correct horse battery!')).toBe(false);
    }
  });

  it('cost the least argon2 accepts under NODE_ENV=test, in the same argon2id form', async () => {
    const hash = await hashPassword('correct horse battery', { NODE_ENV: 'test' });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
  });

  it("check an unknown e-mail's guess against a hash at the cost real ones have there", async () => {
    expect(await dummyHash({ NODE_ENV: 'production' })).toMatch(/\$m=65536,p=4,t=3\$/);
    expect(await dummyHash({ NODE_ENV: 'test' })).toMatch(/\$m=1024,p=1,t=1\$/);
  });
});
