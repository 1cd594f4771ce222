import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { firstError, signedUpClient } from '../../../test/accounts';

const ACCOUNT = `plan { id audioHours } billingCycle hasStripeSubscription hasValidAccess billingMode
  usage { uploadLimit remainingTime canUpload }`;
const CHOOSE_PLAN = `mutation($input: ChoosePlanInput!) { choosePlan(input: $input) { ${ACCOUNT} } }`;
const ME = `{ me { ${ACCOUNT} } }`;

describe('choosePlan (self-hosted mode)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('applies a paid plan at once: access, allowance and billing cycle follow', async () => {
    const { client } = await signedUpClient(app);
    const res = await client.gql(CHOOSE_PLAN, { input: { planId: 'standard', billingCycle: 'ANNUAL' } });
    expect(res.body.data.choosePlan).toMatchObject({
      plan: { id: 'standard', audioHours: 16 },
      billingCycle: 'ANNUAL',
      hasStripeSubscription: true,
      hasValidAccess: true,
      usage: { uploadLimit: 16, remainingTime: 16, canUpload: true },
    });
    const back = await client.gql(CHOOSE_PLAN, { input: { planId: 'free', billingCycle: 'MONTHLY' } });
    expect(back.body.data.choosePlan).toMatchObject({
      plan: { id: 'free' },
      billingCycle: null,
      hasStripeSubscription: false,
      hasValidAccess: false,
    });
  });

  it('the Q&A add-on gives access but keeps the Free allowance, and is monthly only', async () => {
    const { client } = await signedUpClient(app);
    const annual = await client.gql(CHOOSE_PLAN, { input: { planId: 'qa_chatbot', billingCycle: 'ANNUAL' } });
    expect(firstError(annual)).toEqual({
      message: 'Q&A Chatbot Access is billed monthly only',
      code: 'BAD_USER_INPUT',
      field: 'billingCycle',
    });
    const monthly = await client.gql(CHOOSE_PLAN, { input: { planId: 'qa_chatbot', billingCycle: 'MONTHLY' } });
    expect(monthly.body.data.choosePlan).toMatchObject({
      hasValidAccess: true,
      hasStripeSubscription: true,
      usage: { uploadLimit: 1 },
    });
    const info = await client.get('/api/account-info/');
    expect(info.body).toMatchObject({
      hasValidAccess: true,
      hasStripeSubscription: true,
      usageInfo: { upload_limit: 1 },
    });
  });

  it('refuses an unknown plan', async () => {
    const { client } = await signedUpClient(app);
    const res = await client.gql(CHOOSE_PLAN, { input: { planId: 'platinum', billingCycle: 'MONTHLY' } });
    expect(firstError(res)).toEqual({ message: 'Unknown plan', code: 'BAD_USER_INPUT', field: 'planId' });
  });

  it('is refused when BILLING_MODE=stripe, where plans follow what is paid', async () => {
    const stripeApp = await startTestApp({
      BILLING_MODE: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    });
    try {
      const { client } = await signedUpClient(stripeApp);
      const res = await client.gql(CHOOSE_PLAN, { input: { planId: 'pro', billingCycle: 'MONTHLY' } });
      expect(firstError(res)?.code).toBe('FORBIDDEN');
      expect(firstError(res)?.message).toMatch(/Plans are bought through checkout/);
      expect((await client.gql(ME)).body.data.me).toMatchObject({ plan: { id: 'free' }, billingMode: 'stripe' });
    } finally {
      await stripeApp.close();
    }
  });

  it('needs a signed-in user', async () => {
    const res = await new HttpClient(app.url).gql(CHOOSE_PLAN, { input: { planId: 'pro', billingCycle: 'MONTHLY' } });
    expect(firstError(res)?.code).toBe('UNAUTHENTICATED');
  });
});
