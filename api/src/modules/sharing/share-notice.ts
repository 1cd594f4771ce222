import type { Config } from '../../config/config';
import type { OutgoingMail } from '../../adapters/mail/mailer';
import type { User } from '../../kernel/entities/user.entity';
import { appUrl } from '../common';

/** What a share notice says: who shared which campaign, with the address it went to. */
export interface ShareNoticeFacts {
  owner: Pick<User, 'firstName' | 'preferredName'>;
  campaign: { id: string; title: string };
  recipientEmail: string;
  /** Whether an account holds the address: they open the campaign, anyone else is invited to sign up. */
  hasAccount: boolean;
  /** Whether the recipient's plan includes the Q&A chatbot (a new account starts on Free, which does not). */
  canAsk: boolean;
}

/** Told to a recipient who can read the campaign but not ask about it, so the Q&A page's refusal is no surprise. */
export const READ_ONLY_NOTE = 'Your access is read-only; asking questions needs a plan or the Q&A add-on.';

/**
 * The e-mail a new share sends (issue 25): plain, short, the product's name and one link — to the
 * campaign on "Shared with me" (the archive opens the tab that holds it), or to sign-up for an
 * address with no account, where the share is waiting once they register with that address.
 */
export function shareNotice(config: Config, facts: ShareNoticeFacts): OutgoingMail {
  // Titles and names hold no control characters (refused at input), so they fit a subject line as typed.
  const name = facts.owner.preferredName?.trim() || facts.owner.firstName;
  const title = facts.campaign.title;
  const subject = `${name} shared the campaign ${title} with you`;
  const text = facts.hasAccount
    ? [
        `${name} shared the campaign "${title}" with you on Questlog.`,
        'You can read its sessions, summaries and transcripts; you will find it under "Shared with me".',
        ...(facts.canAsk ? [] : [READ_ONLY_NOTE]),
        '',
        `Open it: ${appUrl(config, `/archive?campaign_id=${facts.campaign.id}`)}`,
      ]
    : [
        `${name} shared the campaign "${title}" with you on Questlog, where game masters keep their`,
        'campaigns: the recordings, transcripts and summaries of every session.',
        '',
        `Create your free account with this e-mail address (${facts.recipientEmail}) to read it:`,
        appUrl(config, '/register'),
        '',
        READ_ONLY_NOTE,
      ];
  return { to: facts.recipientEmail, subject, text: [...text, '', '— Questlog'].join('\n') };
}
