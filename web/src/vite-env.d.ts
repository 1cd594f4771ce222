/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMMUNITY_CHAT_URL?: string;
  readonly VITE_SOCIAL_URL?: string;
  readonly VITE_LAUNCH_VIDEO_EMBED_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
