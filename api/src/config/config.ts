import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the api and worker read from the environment; see .env.example for one line each. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Where embedded services keep their data (PostgreSQL cluster, Temporal sqlite, audio). */
    DATA_DIR: z.string().default('.data'),
    /** External PostgreSQL; unset = embedded PostgreSQL under DATA_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
    /** External Temporal frontend (host:port); unset = a Temporal dev server started by the app. */
    TEMPORAL_ADDRESS: z
      .string()
      .regex(/^[^:\s]+:\d+$/, 'must look like host:port')
      .optional(),
    TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
    TEMPORAL_CLI: z.string().default('.tools/temporal'),
    TEMPORAL_EMBEDDED_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
    TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
    /** Run the Temporal worker inside the api process (the embedded default). */
    RUN_WORKER: bool.default(true),
    /** Secret for CSRF token signing; required outside development/test. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Serve the built web app from this directory (empty = do not serve). */
    WEB_DIST: z.string().default('web/dist'),
    /** Monthly audio hours of the Free / Viewer plan (the spec leaves it open). */
    FREE_AUDIO_HOURS: z.coerce.number().min(0).default(1),
    /** Until card payments exist, choosing a paid plan applies it directly. */
    BILLING_MODE: z.enum(['self-hosted', 'stripe']).default('self-hosted'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_API_BASE: z.url().optional(),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_API_KEY: z.string().optional(),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(20),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /** Trust X-Forwarded-* from this many proxies (for client IPs and TLS detection). */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (c.BILLING_MODE === 'stripe' && !c.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when BILLING_MODE=stripe' });
    }
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws ConfigError listing every problem, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}
