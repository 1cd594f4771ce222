import { expect } from '@playwright/test';

/** The api's embedded Mailpit (web/e2e/serve.sh gives it E2E_MAIL_UI_PORT). */
const MAILPIT = `http://127.0.0.1:${process.env.E2E_MAIL_UI_PORT ?? 29177}/api/v1`;

export interface CaughtMail {
  subject: string;
  text: string;
}

interface Address {
  Address: string;
}

/** The mails Mailpit caught for exactly `address` (its `to:` search matches substrings), newest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const query = encodeURIComponent(`to:"${address.toLowerCase()}"`);
  const found = (await (await fetch(`${MAILPIT}/search?query=${query}`)).json()) as {
    messages: Array<{ ID: string; To: Address[] }>;
  };
  const ids = found.messages
    .filter((m) => m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()))
    .map((m) => m.ID);
  return Promise.all(
    ids.map(
      async (id) => (await (await fetch(`${MAILPIT}/message/${id}`)).json()) as { Subject: string; Text: string },
    ),
  ).then((mails) => mails.map((m) => ({ subject: m.Subject, text: m.Text })));
}

/** Waits for the first mail to `address` (mail leaves after the api has answered) and returns it. */
export async function firstMailTo(address: string): Promise<CaughtMail> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mails = await mailsTo(address);
  return mails[mails.length - 1];
}

/** The first link in a mail's text. */
export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail "${mail.subject}"`);
  return match[0];
}
