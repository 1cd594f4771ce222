/** The dialogs that change a campaign or a session: rename, move, delete, share. */
export { CampaignEditorDialog } from './CampaignEditorDialog';
export { RemoveSharedDialog } from './RemoveSharedDialog';
export { SessionEditorDialog } from './SessionEditorDialog';
export { ShareDialog } from './ShareDialog';
