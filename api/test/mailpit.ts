import { readRuntime } from './runtime-file';

/** A mail as Mailpit caught it (GET /api/v1/message/{ID}). */
export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

interface Address {
  Address: string;
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${readRuntime().mailpitUrl}/api/v1${path}`);
  if (!res.ok) throw new Error(`Mailpit ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Every mail the test run's Mailpit holds for exactly `address`, oldest first. Mailpit's `to:`
 * search matches substrings, so the recipients are compared here as well.
 */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  const found = await api<{ messages: Array<{ ID: string; To: Address[] }> }>(
    `/search?limit=100&query=${encodeURIComponent(`to:"${wanted}"`)}`,
  );
  const ids = found.messages.filter((m) => m.To.some((to) => to.Address.toLowerCase() === wanted)).map((m) => m.ID);
  const mails = await Promise.all(
    ids.map(async (id) => {
      const m = await api<{ ID: string; From: Address; To: Address[]; Subject: string; Text: string }>(
        `/message/${id}`,
      );
      return { id: m.ID, from: m.From.Address, to: m.To.map((t) => t.Address), subject: m.Subject, text: m.Text };
    }),
  );
  // Mailpit lists the newest first.
  return mails.reverse();
}

/** Waits until `address` has received `count` mails (mail is sent after the answer) and returns them. */
export async function waitForMails(address: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`${address} got ${mails.length} of ${count} mails within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a mail's text. */
export function linkIn(mail: CaughtMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in the mail "${mail.subject}"`);
  return new URL(match[0]);
}
