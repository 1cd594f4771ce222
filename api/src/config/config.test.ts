import { ConfigError, configKeys, loadConfig, speechThreads } from './config';

/** The ConfigError that `env` produces (fails the test when the config is accepted). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: '.data',
      TEMPORAL_NAMESPACE: 'default',
      RUN_WORKER: true,
      WEB_DIST: 'web/dist',
      FREE_AUDIO_HOURS: 1,
      BILLING_MODE: 'self-hosted',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TEMPORAL_ADDRESS).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
    // Unset: the cores are shared among the speech service's workers (speechThreads).
    expect(config.SPEECH_THREADS).toBeUndefined();
    expect(loadConfig({ SPEECH_THREADS: '3' }).SPEECH_THREADS).toBe(3);
  });

  it('reads and converts what is set', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db.internal:5432/questlog',
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_NAMESPACE: 'questlog',
      RUN_WORKER: 'false',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://u:p@db.internal:5432/questlog',
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_NAMESPACE: 'questlog',
      RUN_WORKER: false,
    });
  });

  it('treats an empty value as unset, except WEB_DIST where empty turns serving the web app off', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ WEB_DIST: '' }).WEB_DIST).toBe('');
  });

  it('ignores unrelated environment variables', () => {
    expect(() => loadConfig({ HOME: '/root', SHELL: '/bin/bash' })).not.toThrow();
  });

  it.each([
    ['DATABASE_URL', 'mysql://u:p@localhost/questlog'],
    ['DATABASE_URL', 'not a url'],
    ['TEMPORAL_ADDRESS', 'temporal.internal'],
    ['TEMPORAL_ADDRESS', 'http://temporal:7233'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['RUN_WORKER', 'yes'],
    ['SESSION_SECRET', 'short'],
    ['BILLING_MODE', 'free'],
    ['STRIPE_API_BASE', 'ftp://127.0.0.1:12111'],
    ['PUBLIC_URL', 'questlog.example'],
    ['SMTP_URL', 'http://mail.example:25'],
    ['SMTP_URL', 'mail.example:25'],
    ['MAILPIT_SMTP_PORT', '0'],
  ])('refuses %s=%s, naming the variable', (key, value) => {
    expect(problemsOf({ [key]: value })).toEqual([expect.stringMatching(new RegExp(`^${key}: `))]);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['SESSION_SECRET: is required in production']);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).not.toThrow();
  });

  it('requires the Stripe key and the webhook signing secret when billing through Stripe, listing both', () => {
    expect(problemsOf({ BILLING_MODE: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: is required when BILLING_MODE=stripe',
      'STRIPE_WEBHOOK_SECRET: is required when BILLING_MODE=stripe',
    ]);
    expect(problemsOf({ BILLING_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: is required when BILLING_MODE=stripe',
    ]);
    expect(() =>
      loadConfig({ BILLING_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).not.toThrow();
  });

  it('lists every problem at once, including the rules between variables', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x/y',
      TEMPORAL_ADDRESS: 'nowhere',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      ['DATABASE_URL', 'PORT', 'SESSION_SECRET', 'TEMPORAL_ADDRESS'].sort(),
    );
    const error = new ConfigError(problems);
    for (const p of problems) expect(error.message).toContain(`  - ${p}`);
  });

  it('exposes its variable names for the docs and deployment checks', () => {
    expect(configKeys).toEqual(expect.arrayContaining(['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SESSION_SECRET']));
  });
});

test('speech threads: the cores shared among the workers unless SPEECH_THREADS says', () => {
  // Two lanes on two cores: one thread each, side by side instead of four threads fighting.
  expect(speechThreads({ SPEECH_WORKERS: 2 }, 2)).toBe(1);
  expect(speechThreads({ SPEECH_WORKERS: 2 }, 16)).toBe(8);
  expect(speechThreads({ SPEECH_WORKERS: 1 }, 2)).toBe(2);
  expect(speechThreads({ SPEECH_WORKERS: 4 }, 2)).toBe(1);
  expect(speechThreads({ SPEECH_WORKERS: 2, SPEECH_THREADS: 3 }, 2)).toBe(3);
});
