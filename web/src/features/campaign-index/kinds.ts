import type { IndexEntryKind } from '../../gql/graphql';

export const KIND_LABELS: Record<IndexEntryKind, string> = {
  CHARACTER: 'Character',
  NPC: 'NPC',
  PLACE: 'Place',
  ITEM: 'Item',
  FACTION: 'Faction',
  QUEST: 'Quest',
  OTHER: 'Other',
};

export const KINDS = Object.keys(KIND_LABELS) as IndexEntryKind[];
