import { graphql } from '../../gql';

export const IndexEntryFields = graphql(`
  fragment IndexEntryFields on IndexEntry {
    id
    name
    foundName
    kind
    description
    notes
    hidden
    gmOnly
    variants
    mentionCount
    firstSession {
      id
      title
    }
    lastSession {
      id
      title
    }
  }
`);

export const IndexEntryMentionsQuery = graphql(`
  query IndexEntryMentions($id: ID!) {
    indexEntry(id: $id) {
      id
      mentions(first: 100) {
        lineId
        text
        lineText
        startMs
        session {
          id
          title
        }
      }
    }
  }
`);

export const CampaignIndexQuery = graphql(`
  query CampaignIndex($id: ID!, $includeHidden: Boolean!) {
    campaign(id: $id) {
      id
      role
      index(includeHidden: $includeHidden) {
        ...IndexEntryFields
      }
    }
  }
`);

export const UpdateIndexEntryMutation = graphql(`
  mutation UpdateIndexEntry($id: ID!, $input: IndexEntryInput!) {
    updateIndexEntry(id: $id, input: $input) {
      ...IndexEntryFields
    }
  }
`);

export const MergeIndexEntryMutation = graphql(`
  mutation MergeIndexEntry($id: ID!, $intoId: ID!) {
    mergeIndexEntry(id: $id, intoId: $intoId) {
      ...IndexEntryFields
    }
  }
`);

export const CampaignRecapQuery = graphql(`
  query CampaignRecap($id: ID!) {
    campaign(id: $id) {
      id
      recap {
        lastSession {
          id
          title
        }
        briefSummary
        openThreads {
          kind
          text
          lineId
          startMs
          session {
            id
            title
          }
        }
      }
    }
  }
`);
