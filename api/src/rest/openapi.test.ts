import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { startTestApp, type TestApp } from '../../test/app';
import { registration } from '../../test/accounts';
import { createSession, createUser, type TestUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { eventually, rawUpload, storedFiles } from '../../test/uploads';
import { grantQaAccess } from '../../test/transcripts';
import { linkIn, waitForMails } from '../../test/mailpit';
import Stripe from 'stripe';
import { WEBHOOK_SECRET, stripeEnv, stripeEvent, subscription } from '../../test/billing';
import { freePort } from '../../test/free-port';
import { SessionStatus } from '../kernel/entities/session.entity';
import { createStorage } from '../storage/create-storage';
import { sessionAudioKey } from '../storage/storage-key';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, any>; parameters?: unknown[] }>>;
  components: any;
};

describe('GET /openapi.json', () => {
  let app: TestApp;
  let doc: Doc;
  let ajv: Ajv2020;
  /** `method path status` of every response seen, to prove each documented one was exercised. */
  const seen = new Set<string>();

  beforeAll(async () => {
    app = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '2' });
    doc = (await new HttpClient(app.url).get('/openapi.json')).body;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    // ajv-formats is typed against the hoisted ajv copy; at runtime it only calls addFormat/addKeyword.
    addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
    ajv.addSchema(doc, 'doc');
  });
  afterAll(() => app.close());

  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  const validator = (ref: string) => {
    if (!validators.has(ref)) validators.set(ref, ajv.compile({ $ref: `doc${ref}` }));
    return validators.get(ref)!;
  };

  /** Calls a documented operation for real and checks the answer against the document. */
  async function call(
    client: HttpClient,
    method: 'get' | 'post',
    template: string,
    params: Record<string, string> = {},
    body?: unknown,
    opts = {},
  ) {
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
    const res = method === 'get' ? await client.get(url, opts) : await client.post(url, body, opts);
    const operation = doc.paths[template]?.[method];
    if (!operation) throw new Error(`${method} ${template} is not documented`);
    let response = operation.responses[res.status];
    if (!response)
      throw new Error(
        `${method} ${template} answered ${res.status}, which is not documented: ${JSON.stringify(res.body)}`,
      );
    if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()];
    const validate = validator(response.content['application/json'].schema.$ref);
    if (!validate(res.body)) {
      throw new Error(
        `${method} ${template} ${res.status}: body ${JSON.stringify(res.body)} breaks the document: ${ajv.errorsText(validate.errors)}`,
      );
    }
    seen.add(`${method} ${template} ${res.status}`);
    return res;
  }

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(validateOpenApi(doc)).toEqual({ valid: true });
  });

  it('describes the real success responses of every operation, and the errors of its flows', async () => {
    const anon = new HttpClient(app.url);
    await call(anon, 'get', '/healthz');
    await call(anon, 'get', '/get-csrf-token/');

    // Accounts.
    const reg = registration();
    await call(new HttpClient(app.url), 'post', '/register/', {}, reg);
    await call(new HttpClient(app.url), 'post', '/register/', {}, registration({ email: reg.email }));
    const owner: TestUser = await createUser(app);
    const recipient = await createUser(app);
    const loginClient = new HttpClient(app.url);
    await call(loginClient, 'post', '/api/login/', {}, { email: reg.email, password: reg.password });
    for (let i = 0; i < 3; i++)
      await call(
        new HttpClient(app.url),
        'post',
        '/api/login/',
        {},
        { email: 'locked@example.com', password: 'guess-123' },
      );
    await call(owner.client, 'get', '/api/account-info/');
    await call(owner.client, 'post', '/api/update-field/', {}, { field: 'firstName', value: 'Gandalf' });
    await call(owner.client, 'post', '/api/update-field/', {}, { field: 'email', value: recipient.email });
    const changer = await createUser(app);
    await call(
      changer.client,
      'post',
      '/api/update-password/',
      {},
      { currentPassword: changer.password, newPassword: 'new-pass-42', confirmPassword: 'new-pass-42' },
    );
    await call(anon, 'post', '/api/subscribe_email/', {}, { email: 'fan@example.com' });
    const buyer = await createUser(app);
    const purchase = { planId: 'standard', billingCycle: 'monthly', customerEmail: buyer.email };
    await call(buyer.client, 'post', '/api/create_checkout_session/', {}, purchase);

    // Campaigns, summaries, sharing, sessions: the owner's writes, each a POST.
    const post = (template: string, params: Record<string, string>, body: unknown) =>
      call(owner.client, 'post', template, params, body);
    const created = await post('/api/create_campaign/', {}, { campaign_name: 'Waterdeep' });
    const id = created.body.campaign_id as string;
    const other = (await post('/api/create_campaign/', {}, { campaign_name: 'Other' })).body.campaign_id as string;
    await call(owner.client, 'get', '/api/get_campaigns/');
    await post('/api/update_campaign_title/{id}/', { id }, { new_title: 'Waterdeep: Dragon Heist' });
    await call(owner.client, 'get', '/api/get_campaign_summaries/{id}/', { id });
    const brief = { campaignId: id, summaryType: 'briefSummary' };
    await post('/api/update_campaign_summary/{campaignId}/{summaryType}/', brief, { new_text: '<p>b</p>' });
    const summaries = await call(owner.client, 'get', '/api/get_campaign_summaries/{id}/', { id });
    const summary = { campaignId: id, summaryId: summaries.body.summaries[0].id };
    await post('/api/update_summary/{campaignId}/{summaryId}/', summary, { new_text: 'b2' });
    const share = (recipient_email: string) => post('/api/share_campaign/', {}, { campaign_id: id, recipient_email });
    const shared = await share(recipient.email);
    await call(recipient.client, 'get', '/api/get_shared_campaigns/');
    await call(recipient.client, 'get', '/api/get_shared_campaign_details/{id}/', { id });
    await call(owner.client, 'get', '/api/get_campaign_shares/{campaign_id}/', { campaign_id: id });
    const extra = await share('taken-back@example.com');
    await post('/api/revoke_share/{share_id}/', { share_id: extra.body.share_id }, undefined);

    const session = await createSession(app, id);
    const busy = await createSession(app, id, { status: SessionStatus.PROCESSING });
    const [ready, processing] = [{ sessionId: session.id }, { sessionId: busy.id }];
    await call(owner.client, 'get', '/api/get_campaign_details/{id}/', { id });
    await call(recipient.client, 'get', '/api/get_session_details/{id}/', { id: busy.id });
    await call(owner.client, 'get', '/api/get_campaign_and_summary/{sessionId}/', ready);
    await post('/api/update_title/{sessionId}/', ready, { new_title: 'Renamed' });
    await post('/api/update_transcript/{sessionId}/', ready, { new_text: 't' });
    await post('/api/update_transcript/{sessionId}/', processing, { new_text: 't' });
    for (const sessionIds of [ready, processing]) {
      const typed = { ...sessionIds, summaryType: 'moderateSummary' };
      await post('/api/update_session_summary/{sessionId}/{summaryType}/', typed, { new_text: 'm' });
    }
    await post('/api/delete_campaign/{id}/', { id }, { password: owner.password });
    await post('/api/move_transcript/{sessionId}/', ready, { new_campaign_id: other });
    await post('/api/delete_transcript/{sessionId}/', ready, { password: owner.password });
    await post('/api/delete_transcript/{sessionId}/', processing, { password: owner.password });
    // Uploads: a real recording, and a campaign that does not exist (404 like every hidden id).
    const audio = recording();
    const upload = (campaignId: string) => {
      const form = new FormData();
      form.append('campaign_id', campaignId);
      form.append('audio', new Blob([audio], { type: 'audio/wav' }), 'night one.wav');
      return { body: form };
    };
    await call(owner.client, 'post', '/upload/', {}, undefined, upload(other));
    await call(owner.client, 'post', '/upload/', {}, undefined, upload(randomUUID()));

    // Password guesses on deletes share the sign-in limit (2 per account in this app): the third is 429.
    const guesser = await createUser(app);
    const guessed = (await call(guesser.client, 'post', '/api/create_campaign/', {}, { campaign_name: 'Mine' })).body
      .campaign_id as string;
    const guessedSession = await createSession(app, guessed);
    for (let i = 0; i < 3; i++) {
      const params = { sessionId: guessedSession.id };
      await call(guesser.client, 'post', '/api/delete_transcript/{sessionId}/', params, { password: 'guess-123' });
    }
    await call(guesser.client, 'post', '/api/delete_campaign/{id}/', { id: guessed }, { password: 'guess-123' });

    await grantQaAccess(owner);
    await call(owner.client, 'post', '/api/ask_question/', {}, { campaign_id: other, question: 'Who?', context: '' });
    // That session was deleted above: 404, as for any id the caller cannot read.
    await call(owner.client, 'post', '/api/ask_question/', {}, { transcript_id: session.id, question: 'Who?' });
    await call(recipient.client, 'post', '/api/remove_shared_campaign/{share_id}/', { share_id: shared.body.share_id });
    await call(owner.client, 'post', '/api/delete_campaign/{id}/', { id }, { password: owner.password });
    loginClient.resetCsrf(); // the token is bound to the session, which changed at login
    await call(loginClient, 'post', '/api/logout/');
  }, 120_000);

  it('answers the errors every operation of its kind can answer, as documented', async () => {
    const stranger = await createUser(app);
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods) as Array<['get' | 'post', any]>) {
        const statuses = Object.keys(operation.responses);
        const params = Object.fromEntries(
          (operation.parameters ?? []).map((p: any) => [
            p.name,
            p.name === 'summaryType' ? 'briefSummary' : randomUUID(),
          ]),
        );
        if (statuses.includes('401'))
          await call(new HttpClient(app.url), method, template, params, method === 'post' ? {} : undefined);
        if (statuses.includes('404')) {
          const body = {
            campaign_id: randomUUID(),
            recipient_email: 'x@example.com',
            new_text: 'x',
            new_title: 'x',
            password: stranger.password,
            new_campaign_id: randomUUID(),
          };
          await call(stranger.client, method, template, params, method === 'post' ? body : undefined);
        }
        if (method === 'get' && statuses.includes('400')) {
          const control = Object.fromEntries(Object.keys(params).map((name) => [name, 'id\u0001']));
          await call(stranger.client, method, template, control);
        }
        if (method !== 'post') continue;
        await call(new HttpClient(app.url), method, template, params, {}, { csrf: false });
        await call(stranger.client, method, template, params, undefined, {
          body: '{"broken',
          headers: { 'content-type': 'application/json' },
        });
        await call(stranger.client, method, template, params, { new_text: 'x'.repeat(1_100_000) });
      }
    }
  }, 120_000);

  it('documents billing through Stripe: checkout, signed and unsigned webhooks, a subscriber, Stripe out of reach', async () => {
    const stripeApp = await startTestApp(stripeEnv());
    const offline = await startTestApp(stripeEnv(`http://127.0.0.1:${await freePort()}`));
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const buyer = await createUser(stripeApp);
      const purchase = { planId: 'pro', billingCycle: 'annual', customerEmail: buyer.email };
      await call(buyer.client, 'post', '/api/create_checkout_session/', {}, purchase);
      const [{ stripe_customer_id: customer }] = await stripeApp.orm.em
        .fork()
        .getConnection()
        .execute('select stripe_customer_id from users where id = ?', [buyer.id]);
      const year = { created: new Date(), periodStart: new Date(), periodEnd: new Date(Date.now() + 365 * 86_400_000) };
      const paid = subscription({ id: 'sub_openapi', customer, lookupKey: 'questlog_pro_annual', ...year });
      const payload = JSON.stringify(stripeEvent('customer.subscription.created', paid, new Date()));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const webhook = (headers: Record<string, string>) => ({
        body: payload,
        headers: { 'content-type': 'application/json', ...headers },
        csrf: false,
      });
      const stripeClient = new HttpClient(stripeApp.url);
      await call(
        stripeClient,
        'post',
        '/api/stripe/webhook',
        {},
        undefined,
        webhook({ 'stripe-signature': signature }),
      );
      await call(stripeClient, 'post', '/api/stripe/webhook', {}, undefined, webhook({}));
      expect((await call(buyer.client, 'post', '/api/create_checkout_session/', {}, purchase)).status).toBe(409);
      const stranded = await createUser(offline);
      const res = await call(
        stranded.client,
        'post',
        '/api/create_checkout_session/',
        {},
        {
          ...purchase,
          customerEmail: stranded.email,
        },
      );
      expect(res.status).toBe(503);
    } finally {
      log.mockRestore();
      await stripeApp.close();
      await offline.close();
    }
  }, 60_000);

  it('documents the health check with the database gone', async () => {
    const down = await startTestApp();
    await down.orm.close();
    const res = await new HttpClient(down.url).get('/healthz');
    await down.server.close();
    await down.temporal.close();
    expect(res.status).toBe(503);
    const validate = validator('#/components/schemas/Health');
    expect(validate(res.body)).toBe(true);
    seen.add('get /healthz 503');
  }, 60_000);

  it('documents password reset: the request, the reset with a mailed link, and their 429s', async () => {
    const limited = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '1', LOGIN_MAX_ATTEMPTS_PER_IP: '1' });
    try {
      const forgetful = await createUser(limited);
      const anon = new HttpClient(limited.url);
      await call(anon, 'post', '/api/request-password-reset/', {}, { email: forgetful.email });
      const again = await call(anon, 'post', '/api/request-password-reset/', {}, { email: forgetful.email });
      expect(again.status).toBe(429);
      const token = linkIn((await waitForMails(forgetful.email))[0]).searchParams.get('token');
      const body = { token, password: 'new-pass-42', password_confirm: 'new-pass-42' };
      expect((await call(anon, 'post', '/api/reset-password/', {}, body)).status).toBe(200);
      expect((await call(anon, 'post', '/api/reset-password/', {}, body)).status).toBe(400);
      expect((await call(anon, 'post', '/api/reset-password/', {}, body)).status).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('documents the 429s of newsletter sign-ups (per IP), shares (per owner and hour) and uploads (per user at once)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-openapi-limits-'));
    const limited = await startTestApp({
      DATA_DIR: dataDir,
      NEWSLETTER_MAX_PER_IP: '1',
      UPLOAD_MAX_CONCURRENT_PER_USER: '1',
      SHARE_MAX_PER_OWNER_PER_HOUR: '1',
    });
    try {
      const anon = new HttpClient(limited.url);
      await call(anon, 'post', '/api/subscribe_email/', {}, { email: 'first@example.com' });
      expect((await call(anon, 'post', '/api/subscribe_email/', {}, { email: 'next@example.com' })).status).toBe(429);
      const uploader = await createUser(limited);
      const made = await call(uploader.client, 'post', '/api/create_campaign/', {}, { campaign_name: 'Held' });
      const fields = { campaign_id: made.body.campaign_id as string };
      const share = (recipient_email: string) =>
        call(uploader.client, 'post', '/api/share_campaign/', {}, { ...fields, recipient_email });
      await share('first@example.com');
      expect((await share('second@example.com')).status).toBe(429);
      const audio = recording();
      // One upload held open mid-file takes the user's only slot.
      const held = await rawUpload(uploader.client, '/upload/', { fields, fileName: 'held.wav', type: 'audio/wav' });
      held.request.write(held.head);
      held.request.write(audio.subarray(0, 10_000));
      expect(await eventually(async () => storedFiles(path.join(dataDir, 'audio')).length, 1)).toBe(1);
      const form = new FormData();
      form.append('campaign_id', fields.campaign_id);
      form.append('audio', new Blob([audio], { type: 'audio/wav' }), 'second.wav');
      expect((await call(uploader.client, 'post', '/upload/', {}, undefined, { body: form })).status).toBe(429);
      held.request.destroy();
    } finally {
      await limited.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("documents the recording's stream: whole, ranged, not modified, out of range, players' copy not made yet", async () => {
    const owner = await createUser(app);
    const recipient = await createUser(app);
    const made = await owner.client.post('/api/create_campaign/', { campaign_name: 'Heard' });
    const session = await createSession(app, made.body.campaign_id, { mimeType: 'audio/wav' });
    const key = sessionAudioKey(session.id, '.wav');
    const storage = createStorage(app.config);
    await storage.put(key, Readable.from([recording()]));
    await app.orm.em
      .fork()
      .getConnection()
      .execute('update sessions set storage_key = ? where id = ?', [key, session.id]);
    const template = '/api/sessions/{sessionId}/audio';
    const responses = doc.paths[template].get.responses;
    const get = async (headers: Record<string, string>, user = owner) => {
      const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`${app.url}/api/sessions/${session.id}/audio`, { headers: { cookie, ...headers } });
      const type = res.headers.get('content-type') ?? '';
      const documented = responses[res.status];
      if (!documented) throw new Error(`${template} answered ${res.status}, which is not documented`);
      const content = documented.$ref
        ? doc.components.responses[documented.$ref.split('/').pop()].content
        : documented.content;
      const media = Object.keys(content ?? {});
      const main = type.split(';')[0];
      if (media.length && !media.some((m) => m === main || (m.endsWith('/*') && main.startsWith(m.slice(0, -1))))) {
        throw new Error(`${template} ${res.status} answered ${type}, not one of ${media.join(', ')}`);
      }
      await res.arrayBuffer();
      seen.add(`get ${template} ${res.status}`);
      return res;
    };
    try {
      const whole = await get({});
      expect(whole.status).toBe(200);
      expect((await get({ range: 'bytes=0-99' })).status).toBe(206);
      const etag = whole.headers.get('etag')!;
      expect((await get({ 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);
      expect((await get({ range: 'bytes=99999999-' })).status).toBe(416);
      // A GM-only line, and no players' copy made for it (no worker here): a recipient waits.
      await owner.client.post('/api/share_campaign/', {
        campaign_id: made.body.campaign_id,
        recipient_email: recipient.email,
      });
      await app.orm.em.fork().execute(
        `insert into transcript_segments (id, created_at, updated_at, session_id, position, start_ms, end_ms, text, gm_only)
         values (gen_random_uuid(), now(), now(), ?, 0, 0, 1000, 'A secret.', true)`,
        [session.id],
      );
      expect((await get({}, recipient)).status).toBe(409);
    } finally {
      await storage.delete(key);
    }
  });

  it('documents transcript imports and downloads: an import, a hidden campaign, both files, a session without lines', async () => {
    const owner = await createUser(app);
    const made = await owner.client.post('/api/create_campaign/', { campaign_name: 'Imported' });
    const campaignId = made.body.campaign_id as string;
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<v GM>The gate opens.\n';
    const form = (target: string) => {
      const body = new FormData();
      body.append('campaign_id', target);
      body.append('file', new Blob([vtt], { type: 'text/vtt' }), 'night.vtt');
      return { body };
    };
    const imported = await call(owner.client, 'post', '/api/import_transcript/', {}, undefined, form(campaignId));
    expect(imported.status).toBe(200);
    expect(
      (await call(owner.client, 'post', '/api/import_transcript/', {}, undefined, form(randomUUID()))).status,
    ).toBe(404);
    const template = '/api/sessions/{sessionId}/transcript.{format}';
    const documented = doc.paths[template].get.responses[200].content;
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const format of ['vtt', 'srt']) {
      const res = await fetch(`${app.url}/api/sessions/${imported.body.transcript_id}/transcript.${format}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(documented)).toContain((res.headers.get('content-type') ?? '').split(';')[0]);
      expect(await res.text()).toContain('The gate opens.');
    }
    seen.add(`get ${template} 200`);
    const bare = await createSession(app, campaignId);
    expect((await call(owner.client, 'get', template, { sessionId: bare.id, format: 'vtt' })).status).toBe(409);
  });

  it('documents the exports: a vault, a campaign and a session as Markdown, and nothing to export yet', async () => {
    const gm = await createUser(app);
    const made = await call(gm.client, 'post', '/api/create_campaign/', {}, { campaign_name: 'Exports' });
    const campaignId = made.body.campaign_id as string;
    const empty = await call(gm.client, 'get', '/api/campaigns/{campaignId}/vault.zip', { campaignId });
    expect(empty.status).toBe(409);
    expect((await call(gm.client, 'get', '/api/campaigns/{campaignId}/export.md', { campaignId })).status).toBe(409);
    const busy = await createSession(app, campaignId, { status: SessionStatus.PROCESSING });
    expect((await call(gm.client, 'get', '/api/sessions/{sessionId}/export.md', { sessionId: busy.id })).status).toBe(
      409,
    );
    const ready = await createSession(app, campaignId);
    const cookie = [...gm.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const [template, url] of [
      ['/api/campaigns/{campaignId}/vault.zip', `/api/campaigns/${campaignId}/vault.zip`],
      ['/api/campaigns/{campaignId}/export.md', `/api/campaigns/${campaignId}/export.md`],
      ['/api/sessions/{sessionId}/export.md', `/api/sessions/${ready.id}/export.md`],
    ]) {
      const res = await fetch(`${app.url}${url}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const documented = Object.keys(doc.paths[template].get.responses[200].content);
      expect(documented).toContain((res.headers.get('content-type') ?? '').split(';')[0]);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      seen.add(`get ${template} 200`);
    }
  });

  it('documents recording in the browser: start, a part, the lists, resume, finish, and a finished one refusing', async () => {
    const gm = await createUser(app);
    const created = await call(gm.client, 'post', '/api/create_campaign/', {}, { campaign_name: 'Live' });
    const campaign_id = created.body.campaign_id as string;
    const started = await call(gm.client, 'post', '/api/recordings/', {}, { campaign_id, mime_type: 'audio/webm' });
    const recordingId = started.body.recording_id as string;
    const part = (segment: string) =>
      call(
        gm.client,
        'post',
        '/api/recordings/{recordingId}/segments/{segment}/parts/{number}/',
        {
          recordingId,
          segment,
          number: '0',
        },
        undefined,
        { body: recording(), headers: { 'content-type': 'application/octet-stream' } },
      );
    await part('0');
    await call(gm.client, 'get', '/api/recordings/');
    await call(gm.client, 'get', '/api/recordings/{recordingId}/', { recordingId });
    await call(gm.client, 'post', '/api/recordings/{recordingId}/resume/', { recordingId }, {});
    await call(gm.client, 'post', '/api/recordings/{recordingId}/finish/', { recordingId }, {});
    expect((await part('1')).status).toBe(409);
    expect((await call(gm.client, 'post', '/api/recordings/{recordingId}/resume/', { recordingId }, {})).status).toBe(
      409,
    );
  });

  it('saw every documented response happen (runs last)', () => {
    const documented = Object.entries(doc.paths).flatMap(([template, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        Object.keys(op.responses).map((status) => `${method} ${template} ${status}`),
      ),
    );
    expect(documented.filter((d) => !seen.has(d))).toEqual([]);
  });
});

/**
 * Validates against the official OpenAPI 3.1 JSON schema with @seriousme/openapi-schema-validator,
 * which is ESM-only; Jest here runs CommonJS, so it runs in a plain Node child process.
 */
function validateOpenApi(doc: unknown): unknown {
  const script = [
    "import { Validator } from '@seriousme/openapi-schema-validator';",
    "let input = '';",
    'for await (const chunk of process.stdin) input += chunk;',
    'process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(input))));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(doc),
    cwd: path.resolve(__dirname, '../..'),
  });
  return JSON.parse(out.toString());
}

/** One second of tone as a 16 kHz WAV, made with ffmpeg (the upload's content check is real). */
function recording(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-openapi-'));
  try {
    const file = path.join(dir, 'night.wav');
    execFileSync('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-ar',
      '16000',
      file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
