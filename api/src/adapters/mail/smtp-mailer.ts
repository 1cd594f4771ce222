import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

export interface SmtpMailerOptions {
  /**
   * smtp://host:port, smtps://user:pass@host:465 (credentials and TLS as nodemailer reads them).
   * Absent only where nothing was started to catch mail (a bench's bare platform): every send fails.
   */
  url?: string;
  /** The From header, e.g. `Questlog <no-reply@questlog.example>`. */
  from: string;
}

/**
 * Sends plain-text mail through one SMTP server (SMTP_URL, or the embedded Mailpit). Timeouts are
 * far below nodemailer's minutes-long defaults: a server that stopped answering must fail the send
 * (and be logged) rather than hold a background send for ten minutes.
 */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  if (!url)
    return { send: () => Promise.reject(new Error('no SMTP server: SMTP_URL is unset')), close: async () => {} };
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  const underWay = new Set<Promise<unknown>>();
  return {
    async send(mail: OutgoingMail) {
      const sending = transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
      underWay.add(sending);
      try {
        await sending;
      } finally {
        underWay.delete(sending);
      }
    },
    async close() {
      // Each send is bounded by the timeouts above, so this wait is too.
      await Promise.allSettled([...underWay]);
      transport.close();
    },
  };
}
