import type { SessionVoicesQuery } from '../../gql/graphql';

/** One voice of the panel, as the query reads it. */
export type Voice = SessionVoicesQuery['session']['voices'][number];

/** Whether the GM has said who the voice is (a player, a character, or the GM). */
export const isNamed = (v: Voice) => !!v.speaker.playerName || !!v.speaker.characterName || v.speaker.role === 'GM';
