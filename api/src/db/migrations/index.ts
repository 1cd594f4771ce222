import { Migration20261122000000_accounts } from './Migration20261122000000_accounts';
import { Migration20261122010000_login_attempts_usage_idempotency } from './Migration20261122010000_login_attempts_usage_idempotency';
import { Migration20261122030000_campaigns } from './Migration20261122030000_campaigns';
import { Migration20261122050000_processing } from './Migration20261122050000_processing';
import { Migration20261122080000_qa } from './Migration20261122080000_qa';
import { Migration20261122090000_usage_per_attempt } from './Migration20261122090000_usage_per_attempt';
import { Migration20261122100000_campaign_summary_edits } from './Migration20261122100000_campaign_summary_edits';
import { Migration20261123000000_segment_words } from './Migration20261123000000_segment_words';
import { Migration20261124000000_stripe_customers } from './Migration20261124000000_stripe_customers';
import { Migration20261124010000_stripe_subscriptions } from './Migration20261124010000_stripe_subscriptions';
import { Migration20261124020000_usage_billing_periods } from './Migration20261124020000_usage_billing_periods';
import { Migration20261125010000_rate_limits } from './Migration20261125010000_rate_limits';
import { Migration20261125020000_known_devices } from './Migration20261125020000_known_devices';
import { Migration20261126070000_table_talk_corrections } from './Migration20261126070000_table_talk_corrections';
import { Migration20261126040000_session_played_on } from './Migration20261126040000_session_played_on';
import { Migration20261126120000_recordings } from './Migration20261126120000_recordings';
import { Migration20261126130000_session_summary_edits } from './Migration20261126130000_session_summary_edits';
import { Migration20261128000000_cast } from './Migration20261128000000_cast';
import { Migration20261128010000_tracks } from './Migration20261128010000_tracks';
import { Migration20261129000000_qa_campaign_vocabulary } from './Migration20261129000000_qa_campaign_vocabulary';
import { Migration20261130000000_chunk_lead } from './Migration20261130000000_chunk_lead';
import { Migration20261130010000_session_import } from './Migration20261130010000_session_import';
import { Migration20261130020000_qa_repeated_lexemes } from './Migration20261130020000_qa_repeated_lexemes';
import { Migration20261130030000_campaign_index } from './Migration20261130030000_campaign_index';
import { Migration20261201000000_gm_only } from './Migration20261201000000_gm_only';
import { Migration20261201010000_qa_gm_only } from './Migration20261201010000_qa_gm_only';
import { Migration20261201020000_campaign_memory_writer } from './Migration20261201020000_campaign_memory_writer';
import { Migration20261202000000_password_reset } from './Migration20261202000000_password_reset';
import { Migration20261202010000_share_seen } from './Migration20261202010000_share_seen';
import { Migration20261203000000_api_token_scope } from './Migration20261203000000_api_token_scope';
import { Migration20261203010000_summary_writer } from './Migration20261203010000_summary_writer';
import { Migration20261204000000_drop_qa_lexemes } from './Migration20261204000000_drop_qa_lexemes';
import { Migration20261206000000_session_recap } from './Migration20261206000000_session_recap';
import { Migration20261207000000_api_tokens_revoked } from './Migration20261207000000_api_tokens_revoked';
import { Migration20261208000000_voice_prints } from './Migration20261208000000_voice_prints';
import { Migration20261210000000_closest_known_voice } from './Migration20261210000000_closest_known_voice';
import { Migration20261211000000_text_search_per_language } from './Migration20261211000000_text_search_per_language';
import { Migration20261212000000_voice_print_parts } from './Migration20261212000000_voice_print_parts';

/** Applied in this order; listed (not globbed) so the same list works from src and dist. */
export const migrationsList = [
  { name: 'Migration20261122000000_accounts', class: Migration20261122000000_accounts },
  {
    name: 'Migration20261122010000_login_attempts_usage_idempotency',
    class: Migration20261122010000_login_attempts_usage_idempotency,
  },
  { name: 'Migration20261122030000_campaigns', class: Migration20261122030000_campaigns },
  { name: 'Migration20261122050000_processing', class: Migration20261122050000_processing },
  { name: 'Migration20261122080000_qa', class: Migration20261122080000_qa },
  { name: 'Migration20261122090000_usage_per_attempt', class: Migration20261122090000_usage_per_attempt },
  {
    name: 'Migration20261122100000_campaign_summary_edits',
    class: Migration20261122100000_campaign_summary_edits,
  },
  { name: 'Migration20261123000000_segment_words', class: Migration20261123000000_segment_words },
  { name: 'Migration20261124000000_stripe_customers', class: Migration20261124000000_stripe_customers },
  { name: 'Migration20261124010000_stripe_subscriptions', class: Migration20261124010000_stripe_subscriptions },
  { name: 'Migration20261124020000_usage_billing_periods', class: Migration20261124020000_usage_billing_periods },
  { name: 'Migration20261125010000_rate_limits', class: Migration20261125010000_rate_limits },
  { name: 'Migration20261125020000_known_devices', class: Migration20261125020000_known_devices },
  {
    name: 'Migration20261126070000_table_talk_corrections',
    class: Migration20261126070000_table_talk_corrections,
  },
  { name: 'Migration20261126040000_session_played_on', class: Migration20261126040000_session_played_on },
  { name: 'Migration20261126120000_recordings', class: Migration20261126120000_recordings },
  {
    name: 'Migration20261126130000_session_summary_edits',
    class: Migration20261126130000_session_summary_edits,
  },
  { name: 'Migration20261128000000_cast', class: Migration20261128000000_cast },
  { name: 'Migration20261128010000_tracks', class: Migration20261128010000_tracks },
  {
    name: 'Migration20261129000000_qa_campaign_vocabulary',
    class: Migration20261129000000_qa_campaign_vocabulary,
  },
  { name: 'Migration20261130000000_chunk_lead', class: Migration20261130000000_chunk_lead },
  { name: 'Migration20261130010000_session_import', class: Migration20261130010000_session_import },
  {
    name: 'Migration20261130020000_qa_repeated_lexemes',
    class: Migration20261130020000_qa_repeated_lexemes,
  },
  { name: 'Migration20261130030000_campaign_index', class: Migration20261130030000_campaign_index },
  { name: 'Migration20261201000000_gm_only', class: Migration20261201000000_gm_only },
  { name: 'Migration20261201010000_qa_gm_only', class: Migration20261201010000_qa_gm_only },
  {
    name: 'Migration20261201020000_campaign_memory_writer',
    class: Migration20261201020000_campaign_memory_writer,
  },
  { name: 'Migration20261202000000_password_reset', class: Migration20261202000000_password_reset },
  { name: 'Migration20261202010000_share_seen', class: Migration20261202010000_share_seen },
  { name: 'Migration20261203000000_api_token_scope', class: Migration20261203000000_api_token_scope },
  { name: 'Migration20261203010000_summary_writer', class: Migration20261203010000_summary_writer },
  { name: 'Migration20261204000000_drop_qa_lexemes', class: Migration20261204000000_drop_qa_lexemes },
  { name: 'Migration20261206000000_session_recap', class: Migration20261206000000_session_recap },
  { name: 'Migration20261207000000_api_tokens_revoked', class: Migration20261207000000_api_tokens_revoked },
  { name: 'Migration20261208000000_voice_prints', class: Migration20261208000000_voice_prints },
  { name: 'Migration20261210000000_closest_known_voice', class: Migration20261210000000_closest_known_voice },
  { name: 'Migration20261211000000_text_search_per_language', class: Migration20261211000000_text_search_per_language },
  { name: 'Migration20261212000000_voice_print_parts', class: Migration20261212000000_voice_print_parts },
];
