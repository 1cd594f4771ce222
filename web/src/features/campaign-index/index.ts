/** A campaign's Index and its export menu. */
export { CampaignExportMenu } from './CampaignExportMenu';
export { CampaignIndex } from './CampaignIndex';
