import { planCatalogue } from '../plans/plan.catalogue';
import { cataloguePrices, priceMeaning } from './billing.catalogue';

describe('the Stripe catalogue of docs/product.md#plans-and-limits', () => {
  const prices = cataloguePrices(planCatalogue(1));

  it('sells every paid plan monthly and annually, Q&A Chatbot Access monthly only, Free not at all', () => {
    expect(prices.map((p) => [p.lookupKey, p.productId, p.unitAmount, p.interval])).toEqual([
      ['questlog_qa_chatbot_monthly', 'questlog_qa_chatbot', 600, 'month'],
      ['questlog_beginner_monthly', 'questlog_beginner', 1200, 'month'],
      ['questlog_beginner_annual', 'questlog_beginner', 10800, 'year'],
      ['questlog_standard_monthly', 'questlog_standard', 2200, 'month'],
      ['questlog_standard_annual', 'questlog_standard', 19800, 'year'],
      ['questlog_pro_monthly', 'questlog_pro', 4500, 'month'],
      ['questlog_pro_annual', 'questlog_pro', 40500, 'year'],
    ]);
  });

  it('reads a plan and cycle back from a lookup key, and nothing from keys that are not ours', () => {
    expect(priceMeaning(prices, 'questlog_standard_annual')).toEqual({ planId: 'standard', cycle: 'annual' });
    expect(priceMeaning(prices, 'questlog_qa_chatbot_annual')).toBeNull();
    expect(priceMeaning(prices, null)).toBeNull();
  });
});
