import type { APIRequestContext } from '@playwright/test';
import { graphql } from './api';

/** Creates a campaign for the signed-in account of `request`, as the dashboard does. */
export async function createCampaign(request: APIRequestContext, title: string): Promise<string> {
  const data = await graphql<{ createCampaign: { id: string } }>(
    request,
    'mutation ($title: String!) { createCampaign(title: $title) { id } }',
    { title },
  );
  return data.createCampaign.id;
}

/** Shares a campaign of the signed-in owner of `request` with `email`, read-only. */
export async function shareCampaign(request: APIRequestContext, campaignId: string, email: string): Promise<void> {
  await graphql(request, 'mutation ($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }', {
    c: campaignId,
    e: email,
  });
}
