/** One plain-text e-mail: short, with the product's name and a link to PUBLIC_URL. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing mail (SMTP through nodemailer: SMTP_URL, or the embedded Mailpit). Built once in
 * platform.ts. `send` rejects when the server refuses; callers that must not reveal or wait on
 * delivery (password reset, share notices) send after their own transaction and log a failure.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Waits for the sends under way (a notice sent in the background is not dropped on shutdown), then closes. */
  close(): Promise<void>;
}
