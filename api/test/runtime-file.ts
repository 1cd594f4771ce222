/** Global setup hands the services it started to test workers through this variable (workers inherit env). */
export const RUNTIME_ENV = 'QUESTLOG_TEST_RUNTIME';
export const TEMPLATE_DB = 'questlog_template';

export interface TestRuntime {
  dir: string;
  templateUrl: string;
  temporalAddress: string;
  /** The speech service (…/v1) every test app transcribes with. */
  speechUrl: string;
  /** stripe-mock, for STRIPE_API_BASE of the apps that bill through Stripe. */
  stripeApiBase: string;
  /** Mailpit: every test app sends its mail here (SMTP_URL); tests read it over HTTP (test/mailpit.ts). */
  smtpUrl: string;
  mailpitUrl: string;
}

export function readRuntime(): TestRuntime {
  const raw = process.env[RUNTIME_ENV];
  if (!raw) throw new Error(`${RUNTIME_ENV} is unset: run tests through jest (global setup starts the services)`);
  return JSON.parse(raw) as TestRuntime;
}
