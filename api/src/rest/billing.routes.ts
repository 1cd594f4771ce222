import type { Router } from 'express';
import { requestOrigin } from '../modules/billing/checkout.service';
import { requireUser } from '../policy/policy';
import { jsonObject } from './payload';

/** The billing REST shim of spec section 7. */
export function billingRoutes(router: Router): void {
  // The web app then sends the browser to `url` (Stripe's hosted page, or the confirmation when self-hosted).
  router.post('/api/create_checkout_session/', async (req, res) => {
    const user = requireUser(req.viewer);
    const b = jsonObject(req);
    const result = await req.services.checkout.start(
      user,
      { planId: b.planId, billingCycle: b.billingCycle, customerEmail: b.customerEmail },
      requestOrigin(req),
    );
    res.json({ sessionId: result.sessionId, url: result.url });
  });
}
