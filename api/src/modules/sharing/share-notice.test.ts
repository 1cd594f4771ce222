import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app';
import { registration } from '../../../test/accounts';
import { createCampaign, createUser, type TestUser } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { linkIn, mailsTo, waitForMails } from '../../../test/mailpit';
import { eventually } from '../../../test/processing';
import { readRuntime } from '../../../test/runtime-file';
import { TcpRelay } from '../../../test/tcp-relay';

/*
 * The share notice (issue 25): a new share e-mails its recipient through the real SMTP server the
 * test run starts (Mailpit), read back through Mailpit's API. Someone with an account gets a link to
 * the campaign; an address with no account an invitation to sign up, where the share is waiting.
 */

const SHARE = 'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }';
const PUBLIC_URL = 'https://questlog.example/app/';

let app: TestApp;
let owner: TestUser;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL });
  owner = await createUser(app, registration({ first_name: 'Dana', preferred_name: '' }));
}, 60_000);
afterAll(() => app?.close());

const share = async (by: TestUser, campaignId: string, email: string) => {
  const res = await by.client.gql(SHARE, { c: campaignId, e: email });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.shareCampaign.id as string;
};

it('someone with an account gets "Dana shared the campaign … with you" and a link that opens it', async () => {
  const recipient = await createUser(app);
  const campaignId = await createCampaign(owner, 'The Ember Crown');
  await share(owner, campaignId, recipient.email.toUpperCase());

  const [mail] = await waitForMails(recipient.email);
  expect(mail.to).toEqual([recipient.email]);
  expect(mail.subject).toBe('Dana shared the campaign The Ember Crown with you');
  expect(mail.text).toContain('Questlog');
  const link = linkIn(mail);
  expect(link.origin + link.pathname).toBe('https://questlog.example/app/archive');
  expect(link.searchParams.get('campaign_id')).toBe(campaignId);
  // The link's campaign is the recipient's to open.
  const opened = await recipient.client.gql('query($id: ID!) { campaign(id: $id) { title role } }', {
    id: link.searchParams.get('campaign_id'),
  });
  expect(opened.body.data.campaign).toEqual({ title: 'The Ember Crown', role: 'RECIPIENT' });
});

it("the owner's preferred name, when given, signs the notice", async () => {
  const dee = await createUser(app, registration({ first_name: 'Deirdre', preferred_name: 'Dee' }));
  const recipient = await createUser(app);
  const campaignId = await createCampaign(dee, 'Storm over King’s Bay');
  await share(dee, campaignId, recipient.email);
  const [mail] = await waitForMails(recipient.email);
  expect(mail.subject).toBe('Dee shared the campaign Storm over King’s Bay with you');
});

it('an address with no account is invited to sign up; registering with it finds the share', async () => {
  const email = `newcomer.${randomUUID()}@example.com`;
  const campaignId = await createCampaign(owner, 'For a newcomer');
  await share(owner, campaignId, email);

  const [mail] = await waitForMails(email);
  expect(mail.subject).toBe('Dana shared the campaign For a newcomer with you');
  expect(mail.text).toContain(`Create your free account with this e-mail address (${email})`);
  expect(linkIn(mail).href).toBe('https://questlog.example/app/register');

  const newcomer = await createUser(app, registration({ email }));
  const shared = await newcomer.client.gql('{ sharedCampaigns { seen campaign { id } } }');
  expect(shared.body.data.sharedCampaigns).toEqual([{ seen: false, campaign: { id: campaignId } }]);
});

const READ_ONLY = 'Your access is read-only; asking questions needs a plan or the Q&A add-on.';

it('a recipient without Q&A is told the share is read-only and what asking needs; one with a plan is not', async () => {
  const free = await createUser(app);
  const subscriber = await createUser(app);
  const chosen = await subscriber.client.gql(
    'mutation { choosePlan(input: { planId: "beginner", billingCycle: MONTHLY }) { hasValidAccess } }',
  );
  expect(chosen.body.data.choosePlan.hasValidAccess).toBe(true);
  const newcomer = `reader.${randomUUID()}@example.com`;
  const campaignId = await createCampaign(owner, 'Who may ask');
  for (const email of [free.email, subscriber.email, newcomer]) await share(owner, campaignId, email);

  const [toFree] = await waitForMails(free.email);
  expect(toFree.text).toContain(READ_ONLY);
  const [toNewcomer] = await waitForMails(newcomer);
  expect(toNewcomer.text).toContain(READ_ONLY);
  const [toSubscriber] = await waitForMails(subscriber.email);
  expect(toSubscriber.text).not.toContain('read-only');
});

it('a repeated share sends nothing; sharing again after a revoke is a new share with a new notice', async () => {
  const recipient = await createUser(app);
  const campaignId = await createCampaign(owner, 'Only once');
  const first = await share(owner, campaignId, recipient.email);
  await waitForMails(recipient.email, 1);
  expect(await share(owner, campaignId, recipient.email)).toBe(first);
  expect(
    (await owner.client.post('/api/share_campaign/', { campaign_id: campaignId, recipient_email: recipient.email }))
      .body.share_id,
  ).toBe(first);

  // The repeats sent nothing: the notice of a later new share is the second mail, and the last.
  await owner.client.gql('mutation($id: ID!) { revokeShare(shareId: $id) }', { id: first });
  await share(owner, campaignId, recipient.email);
  const mails = await waitForMails(recipient.email, 2);
  expect(mails.map((m) => m.subject)).toEqual([
    'Dana shared the campaign Only once with you',
    'Dana shared the campaign Only once with you',
  ]);
  expect(await mailsTo(recipient.email)).toHaveLength(2);
});

it('a notice still being sent when the server stops is delivered before the stop ends', async () => {
  // A mail server slow to answer: the notice is still under way when the stop begins.
  const smtp = new URL(readRuntime().smtpUrl);
  const slow = new TcpRelay(smtp.hostname, Number(smtp.port), 1_500);
  await slow.up();
  const stopping = await startTestApp({ PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${slow.port}` });
  let stopped: Promise<void> | undefined;
  try {
    const gm = await createUser(stopping);
    const email = `late.${randomUUID()}@example.com`;
    await share(gm, await createCampaign(gm, 'Last orders'), email);
    await (stopped = stopping.close());
    // No waiting: the stop let go only once the notice was delivered.
    expect(await mailsTo(email)).toHaveLength(1);
  } finally {
    await (stopped ?? stopping.close());
    await slow.down();
  }
});

it('a mail server that does not answer fails no share: the owner gets the share, the failure is only logged', async () => {
  const unreachable = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  const logged: string[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
  try {
    const gm = await createUser(unreachable);
    const recipient = `unnotified.${randomUUID()}@example.com`;
    const campaignId = await createCampaign(gm, 'Quiet');
    const res = await gm.client.post('/api/share_campaign/', { campaign_id: campaignId, recipient_email: recipient });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { success: true, message: `Campaign shared with ${recipient}`, share_id: expect.any(String) },
    });
    const line = await eventually(async () => {
      const found = logged.find((l) => l.startsWith(`share ${res.body.share_id}: the notice was not sent`));
      if (!found) throw new Error('not logged yet');
      return found;
    }, 15_000);
    expect(line).not.toContain(recipient);
    const listed = await gm.client.get(`/api/get_campaign_shares/${campaignId}/`);
    expect(listed.body.shares.map((s: { recipient_email: string }) => s.recipient_email)).toEqual([recipient]);
  } finally {
    spy.mockRestore();
    await unreachable.close();
  }
});

it('an owner makes at most SHARE_MAX_PER_OWNER_PER_HOUR (100) new shares an hour: the next is refused, saved nowhere and mails nobody', async () => {
  const SHARES_PER_HOUR = 100; // the default
  const gm = await createUser(app);
  const campaignId = await createCampaign(gm, 'Mass mailing');
  const stamp = randomUUID();
  const address = (n: number) => `reader.${n}.${stamp}@example.com`;
  for (let n = 0; n < SHARES_PER_HOUR; n++) await share(gm, campaignId, address(n));
  // Repeats are not new shares: they cost nothing and still answer.
  await share(gm, campaignId, address(0));

  const refused = await gm.client.post('/api/share_campaign/', {
    campaign_id: campaignId,
    recipient_email: address(SHARES_PER_HOUR),
  });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({
    error: 'You have shared with many people in a short time. Please try again in 60 minutes.',
    code: 'RATE_LIMITED',
  });
  const listed = await gm.client.get(`/api/get_campaign_shares/${campaignId}/`);
  expect(listed.body.shares).toHaveLength(SHARES_PER_HOUR);
  await waitForMails(address(SHARES_PER_HOUR - 1));
  expect(await mailsTo(address(SHARES_PER_HOUR))).toEqual([]);
  // Another owner is not held back by it.
  await share(owner, await createCampaign(owner, 'Unaffected'), address(SHARES_PER_HOUR));
});
