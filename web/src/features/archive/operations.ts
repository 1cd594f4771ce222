import { graphql } from '../../gql';

/**
 * A campaign as the archive's sidebar and content panel read it; everything at once costs the api a
 * constant number of queries.
 */
export const ArchiveCampaignFields = graphql(`
  fragment ArchiveCampaignFields on Campaign {
    ...CampaignSidebarFields
    createdAt
    role
    sessions {
      createdAt
    }
  }
`);

export const ArchiveCampaignsQuery = graphql(`
  query ArchiveCampaigns {
    campaigns {
      ...ArchiveCampaignFields
    }
  }
`);

export const SharedCampaignsQuery = graphql(`
  query SharedCampaigns {
    sharedCampaigns {
      id
      sharedAt
      seen
      campaign {
        ...ArchiveCampaignFields
      }
    }
  }
`);

/** Who the owner shares a campaign with (the share dialog). */
export const CampaignSharesQuery = graphql(`
  query CampaignShares($id: ID!) {
    campaign(id: $id) {
      id
      shares {
        id
        recipientEmail
        createdAt
        seenAt
      }
    }
  }
`);

/** A transcript line as the full-transcript view shows it: its time links to that moment of the audio. */
export const TranscriptLineFields = graphql(`
  fragment TranscriptLineFields on TranscriptLine {
    id
    startMs
    text
    tableTalk
    gmOnly
    speaker {
      id
      displayName
    }
  }
`);

export const SessionContentQuery = graphql(`
  query SessionContent($id: ID!) {
    session(id: $id) {
      ...SessionProcessingFields
      title
      briefSummary
      moderateSummary
      detailedSummary
      fullTranscript
      summariesGmOnly
      editedSummaries
      recap {
        ...RecapFields
      }
      summaryWriter {
        kind
        model
      }
      campaign {
        id
        title
        role
      }
    }
  }
`);

/** Only when the full transcript is shown: a long session has thousands of lines; the player streams audioUrl. */
export const SessionTranscriptLinesQuery = graphql(`
  query SessionTranscriptLines($id: ID!) {
    session(id: $id) {
      id
      audioUrl
      transcriptLines {
        ...TranscriptLineFields
      }
    }
  }
`);

export const CampaignContentQuery = graphql(`
  query CampaignContent($id: ID!) {
    campaign(id: $id) {
      id
      title
      role
      summaries {
        id
        type
        text
      }
    }
  }
`);

/** A session's stored transcript, for the campaign's Full Transcript where a session has no lines. */
export const SessionFullTextQuery = graphql(`
  query SessionFullText($id: ID!) {
    session(id: $id) {
      id
      fullTranscript
    }
  }
`);

/** Every session's transcript as the viewer may read it: only when a campaign's transcript is downloaded. */
export const CampaignTranscriptsQuery = graphql(`
  query CampaignTranscripts($id: ID!) {
    campaign(id: $id) {
      id
      sessions {
        id
        title
        status
        playedOn
        createdAt
        fullTranscript
      }
    }
  }
`);

/** Read when the campaign editor opens, so it shows names the transcript edits taught it meanwhile. */
export const CampaignCastQuery = graphql(`
  query CampaignCast($id: ID!) {
    campaign(id: $id) {
      id
      cast {
        id
        label
        playerName
        characterName
        role
        displayName
      }
    }
  }
`);

export const CampaignVocabularyQuery = graphql(`
  query CampaignVocabulary($id: ID!) {
    campaign(id: $id) {
      id
      vocabulary
    }
  }
`);

/** The lists every archive change can affect; active ones refetch after a mutation. */
export const ARCHIVE_LISTS = ['ArchiveCampaigns', 'SharedCampaigns'];
