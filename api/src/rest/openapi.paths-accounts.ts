import {
  EmailBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateFieldBody,
  UpdatePasswordBody,
  AccountInfo,
} from '../modules/accounts/accounts.schemas';
import {
  CampaignCreated,
  CampaignDetails,
  CampaignList,
  CampaignShareList,
  CampaignSummaries,
  CreateCampaignBody,
  NewTextBody,
  NewTitleBody,
  PasswordBody,
  ShareBody,
  Shared,
  SharedCampaignList,
} from './campaigns.schemas';
import { CsrfToken, Health, Success, SuccessOnly } from './common.schemas';
import { get, ok, post } from './openapi.operation';

/** The platform, account, campaign and sharing calls of docs/product.md#rest-endpoints. */
export const ACCOUNT_OPERATIONS = [
  get('/healthz', {
    summary: 'Liveness: PostgreSQL and Temporal both answer',
    tag: 'platform',
    ok: ok(Health),
    signedIn: false,
    errors: [503],
  }),
  get('/get-csrf-token/', {
    summary: 'Issues the CSRF token (and its cookie) for the X-CSRFToken header',
    tag: 'platform',
    ok: ok(CsrfToken),
    signedIn: false,
  }),
  post('/register/', {
    summary: 'Creates the account and signs it in',
    tag: 'accounts',
    ok: [201, Success],
    body: RegisterBody,
    signedIn: false,
    errors: [409],
  }),
  post('/api/login/', {
    summary: 'Signs in (sets the session cookie)',
    tag: 'accounts',
    ok: ok(SuccessOnly),
    body: LoginBody,
    signedIn: false,
    errors: [401, 429],
  }),
  post('/api/logout/', {
    summary: 'Ends the session and clears the cookies',
    tag: 'accounts',
    ok: ok(SuccessOnly),
    signedIn: false,
  }),
  get('/api/account-info/', {
    summary: 'The signed-in account; also the signed-in check',
    tag: 'accounts',
    ok: ok(AccountInfo),
  }),
  post('/api/update-field/', {
    summary: 'Changes one profile field',
    tag: 'accounts',
    ok: ok(SuccessOnly),
    body: UpdateFieldBody,
    errors: [409],
  }),
  post('/api/update-password/', {
    summary: "Changes the password; signs out the user's other sessions",
    tag: 'accounts',
    ok: ok(Success),
    body: UpdatePasswordBody,
  }),
  post('/api/request-password-reset/', {
    summary: 'Mails a single-use link (valid an hour) to choose a new password',
    tag: 'accounts',
    ok: ok(Success),
    body: EmailBody,
    signedIn: false,
    errors: [429],
    description:
      'The same answer, at the same speed, whether or not the address has an account; only an account gets a mail. ' +
      'Limited per address and per IP like sign-in (429 with Retry-After). Needs the CSRF token like every form.',
  }),
  post('/api/reset-password/', {
    summary: "Sets a new password with a mailed link's token; ends every session and API token of the account",
    tag: 'accounts',
    ok: ok(Success),
    body: ResetPasswordBody,
    signedIn: false,
    errors: [429],
    description:
      'The sign-up password rules apply. Unknown, used and expired links get one 400 (`field`: token); a used link ' +
      'and every other outstanding link of the account stop working. Sign in with the new password afterwards. ' +
      'Failed tries are limited per IP like sign-in (429).',
  }),
  post('/api/subscribe_email/', {
    summary: 'Newsletter sign-up; a repeat is not an error. Public: no cookies or CSRF token; limited per IP (429)',
    tag: 'accounts',
    ok: ok(Success),
    body: EmailBody,
    signedIn: false,
    csrf: false,
    errors: [429],
  }),
  get('/api/get_campaigns/', {
    summary: "The caller's own campaigns, oldest first",
    tag: 'campaigns',
    ok: ok(CampaignList),
  }),
  get('/api/get_campaign_details/{id}/', {
    summary: 'A campaign (owned or shared) with its sessions',
    tag: 'campaigns',
    ok: ok(CampaignDetails),
  }),
  post('/api/create_campaign/', {
    summary: 'Creates a campaign',
    tag: 'campaigns',
    ok: [201, CampaignCreated],
    body: CreateCampaignBody,
  }),
  post('/api/update_campaign_title/{id}/', {
    summary: 'Renames a campaign (owner)',
    tag: 'campaigns',
    ok: ok(Success),
    body: NewTitleBody,
  }),
  post('/api/delete_campaign/{id}/', {
    summary: "Deletes an empty campaign (owner, with the owner's password)",
    tag: 'campaigns',
    ok: ok(Success),
    body: PasswordBody,
    errors: [409, 429],
    description:
      'Refused with 409 while the campaign has sessions; a wrong password is a 400 and changes nothing. ' +
      'Wrong passwords count against the same per-account limit as sign-in (429 with Retry-After).',
  }),
  get('/api/get_campaign_summaries/{id}/', {
    summary: 'Campaign summaries; kinds not written yet read as empty strings',
    tag: 'campaigns',
    ok: ok(CampaignSummaries),
    description:
      "fullTranscript is the processed sessions' transcripts in play order, each under its title and day, " +
      'as the caller may read them (no GM-only line for a share recipient).',
  }),
  post('/api/update_summary/{campaignId}/{summaryId}/', {
    summary: 'Replaces one campaign summary by its id (owner)',
    tag: 'campaigns',
    ok: ok(Success),
    body: NewTextBody,
  }),
  post('/api/update_campaign_summary/{campaignId}/{summaryType}/', {
    summary: 'Writes the campaign summary of one type (owner); created on first write',
    tag: 'campaigns',
    ok: ok(Success),
    body: NewTextBody,
    description: "fullTranscript is read-only (400): it is the sessions' transcripts, edited in each session.",
  }),
  post('/api/share_campaign/', {
    summary: 'Shares a campaign read-only by e-mail (owner); a repeat is not an error',
    description:
      'A new share e-mails its recipient (or invites an address with no account to sign up). An owner ' +
      'makes at most SHARE_MAX_PER_OWNER_PER_HOUR (100) new shares an hour (429 with Retry-After); repeats are free.',
    tag: 'sharing',
    ok: ok(Shared),
    body: ShareBody,
    errors: [404, 429],
  }),
  get('/api/get_shared_campaigns/', {
    summary: "The caller's 'Shared with me' list",
    tag: 'sharing',
    ok: ok(SharedCampaignList),
  }),
  get('/api/get_shared_campaign_details/{id}/', {
    summary: 'A shared campaign (by campaign id) with its sessions',
    tag: 'sharing',
    ok: ok(CampaignDetails),
  }),
  post('/api/remove_shared_campaign/{share_id}/', {
    summary: "Removes a share from the recipient's own list; no body needed",
    tag: 'sharing',
    ok: ok(Success),
  }),
  get('/api/get_campaign_shares/{campaign_id}/', {
    summary: 'Who a campaign is shared with, oldest first (owner; a recipient reads an empty list)',
    tag: 'sharing',
    ok: ok(CampaignShareList),
  }),
  post('/api/revoke_share/{share_id}/', {
    summary: "Takes a share back (owner); the recipient's access ends at once; no body needed",
    tag: 'sharing',
    ok: ok(Success),
    description:
      "The recipient's next read, audio request and live update are refused as for a campaign they never had. " +
      'The recipient and strangers get the very same 404 as a share that does not exist.',
  }),
];
