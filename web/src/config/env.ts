/**
 * Build-time settings (web reads only VITE_* variables). The community, social and launch-video
 * addresses are the operator's; when unset the landing page says they are coming instead of
 * pointing at a made-up address.
 */
function optionalUrl(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export const env = {
  communityChatUrl: optionalUrl(import.meta.env.VITE_COMMUNITY_CHAT_URL),
  socialUrl: optionalUrl(import.meta.env.VITE_SOCIAL_URL),
  launchVideoEmbedUrl: optionalUrl(import.meta.env.VITE_LAUNCH_VIDEO_EMBED_URL),
};
