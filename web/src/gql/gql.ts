/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment CampaignSidebarFields on Campaign {\n    id\n    title\n    lastEditedAt\n    sessions {\n      id\n      title\n      status\n      playedOn\n    }\n  }\n": typeof types.CampaignSidebarFieldsFragmentDoc,
    "\n  mutation UpdateSessionContent($id: ID!, $field: SessionContentField!, $text: String!) {\n    updateSessionContent(id: $id, field: $field, text: $text) {\n      id\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n      campaign {\n        id\n        vocabulary\n      }\n    }\n  }\n": typeof types.UpdateSessionContentDocument,
    "\n  mutation UpdateCampaignSummary($campaignId: ID!, $type: CampaignSummaryType!, $text: String!) {\n    updateCampaignSummary(campaignId: $campaignId, type: $type, text: $text) {\n      id\n      type\n      text\n    }\n  }\n": typeof types.UpdateCampaignSummaryDocument,
    "\n  mutation MarkSharedCampaignSeen($shareId: ID!) {\n    markSharedCampaignSeen(shareId: $shareId) {\n      id\n      seen\n    }\n  }\n": typeof types.MarkSharedCampaignSeenDocument,
    "\n  fragment ArchiveCampaignFields on Campaign {\n    ...CampaignSidebarFields\n    createdAt\n    role\n    sessions {\n      createdAt\n    }\n  }\n": typeof types.ArchiveCampaignFieldsFragmentDoc,
    "\n  query ArchiveCampaigns {\n    campaigns {\n      ...ArchiveCampaignFields\n    }\n  }\n": typeof types.ArchiveCampaignsDocument,
    "\n  query SharedCampaigns {\n    sharedCampaigns {\n      id\n      sharedAt\n      seen\n      campaign {\n        ...ArchiveCampaignFields\n      }\n    }\n  }\n": typeof types.SharedCampaignsDocument,
    "\n  query CampaignContent($id: ID!) {\n    campaign(id: $id) {\n      id\n      title\n      role\n      summaries {\n        id\n        type\n        text\n      }\n    }\n  }\n": typeof types.CampaignContentDocument,
    "\n  query SessionFullText($id: ID!) {\n    session(id: $id) {\n      id\n      fullTranscript\n    }\n  }\n": typeof types.SessionFullTextDocument,
    "\n  query CampaignTranscripts($id: ID!) {\n    campaign(id: $id) {\n      id\n      sessions {\n        id\n        title\n        status\n        playedOn\n        createdAt\n        fullTranscript\n      }\n    }\n  }\n": typeof types.CampaignTranscriptsDocument,
    "\n  query UnseenShares {\n    sharedCampaigns {\n      id\n      seen\n    }\n  }\n": typeof types.UnseenSharesDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      id\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      id\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {\n    resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  fragment IndexEntryFields on IndexEntry {\n    id\n    name\n    foundName\n    kind\n    description\n    notes\n    hidden\n    gmOnly\n    variants\n    mentionCount\n    firstSession {\n      id\n      title\n    }\n    lastSession {\n      id\n      title\n    }\n  }\n": typeof types.IndexEntryFieldsFragmentDoc,
    "\n  query IndexEntryMentions($id: ID!) {\n    indexEntry(id: $id) {\n      id\n      mentions(first: 100) {\n        lineId\n        text\n        lineText\n        startMs\n        session {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.IndexEntryMentionsDocument,
    "\n  query CampaignIndex($id: ID!, $includeHidden: Boolean!) {\n    campaign(id: $id) {\n      id\n      role\n      index(includeHidden: $includeHidden) {\n        ...IndexEntryFields\n      }\n    }\n  }\n": typeof types.CampaignIndexDocument,
    "\n  mutation UpdateIndexEntry($id: ID!, $input: IndexEntryInput!) {\n    updateIndexEntry(id: $id, input: $input) {\n      ...IndexEntryFields\n    }\n  }\n": typeof types.UpdateIndexEntryDocument,
    "\n  mutation MergeIndexEntry($id: ID!, $intoId: ID!) {\n    mergeIndexEntry(id: $id, intoId: $intoId) {\n      ...IndexEntryFields\n    }\n  }\n": typeof types.MergeIndexEntryDocument,
    "\n  query CampaignRecap($id: ID!) {\n    campaign(id: $id) {\n      id\n      recap {\n        lastSession {\n          id\n          title\n        }\n        briefSummary\n        openThreads {\n          kind\n          text\n          lineId\n          startMs\n          session {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n": typeof types.CampaignRecapDocument,
    "\n  query DashboardLatestSessions {\n    latestSessions(limit: 5) {\n      ...SessionProcessingFields\n      title\n      playedOn\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n": typeof types.DashboardLatestSessionsDocument,
    "\n  query DashboardUsage {\n    me {\n      id\n      plan {\n        ...PlanFields\n      }\n      usage {\n        ...UsageFields\n      }\n    }\n  }\n": typeof types.DashboardUsageDocument,
    "\n  query DashboardCampaigns {\n    campaigns {\n      id\n      title\n    }\n  }\n": typeof types.DashboardCampaignsDocument,
    "\n  mutation CreateCampaign($title: String!) {\n    createCampaign(title: $title) {\n      id\n      title\n    }\n  }\n": typeof types.CreateCampaignDocument,
    "\n  query CampaignShares($id: ID!) {\n    campaign(id: $id) {\n      id\n      shares {\n        id\n        recipientEmail\n        createdAt\n        seenAt\n      }\n    }\n  }\n": typeof types.CampaignSharesDocument,
    "\n  query CampaignCast($id: ID!) {\n    campaign(id: $id) {\n      id\n      cast {\n        id\n        label\n        playerName\n        characterName\n        role\n        displayName\n      }\n    }\n  }\n": typeof types.CampaignCastDocument,
    "\n  query CampaignVocabulary($id: ID!) {\n    campaign(id: $id) {\n      id\n      vocabulary\n    }\n  }\n": typeof types.CampaignVocabularyDocument,
    "\n  mutation RenameCampaign($id: ID!, $title: String!) {\n    renameCampaign(id: $id, title: $title) {\n      id\n      title\n      lastEditedAt\n    }\n  }\n": typeof types.RenameCampaignDocument,
    "\n  mutation SetCampaignVocabulary($campaignId: ID!, $vocabulary: String!) {\n    setCampaignVocabulary(campaignId: $campaignId, vocabulary: $vocabulary) {\n      id\n      vocabulary\n    }\n  }\n": typeof types.SetCampaignVocabularyDocument,
    "\n  mutation DeleteCampaign($id: ID!, $password: String!) {\n    deleteCampaign(id: $id, password: $password)\n  }\n": typeof types.DeleteCampaignDocument,
    "\n  mutation ShareCampaign($campaignId: ID!, $email: String!) {\n    shareCampaign(campaignId: $campaignId, email: $email) {\n      id\n      recipientEmail\n    }\n  }\n": typeof types.ShareCampaignDocument,
    "\n  mutation RemoveSharedCampaign($shareId: ID!) {\n    removeSharedCampaign(shareId: $shareId)\n  }\n": typeof types.RemoveSharedCampaignDocument,
    "\n  mutation RevokeShare($shareId: ID!) {\n    revokeShare(shareId: $shareId)\n  }\n": typeof types.RevokeShareDocument,
    "\n  mutation RenameSession($id: ID!, $title: String!) {\n    renameSession(id: $id, title: $title) {\n      id\n      title\n    }\n  }\n": typeof types.RenameSessionDocument,
    "\n  mutation MoveSession($id: ID!, $campaignId: ID!) {\n    moveSession(id: $id, campaignId: $campaignId) {\n      id\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n": typeof types.MoveSessionDocument,
    "\n  mutation DeleteSession($id: ID!, $password: String!) {\n    deleteSession(id: $id, password: $password)\n  }\n": typeof types.DeleteSessionDocument,
    "\n  mutation UpdateSessionPlayedOn($id: ID!, $playedOn: Date!) {\n    updateSessionPlayedOn(id: $id, playedOn: $playedOn) {\n      id\n      playedOn\n    }\n  }\n": typeof types.UpdateSessionPlayedOnDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n": typeof types.SubscribeNewsletterDocument,
    "\n  query PlanCatalogue {\n    plans {\n      id\n      name\n      monthlyPrice\n      annualPrice\n      annualMonthlyPrice\n      audioHours\n      includesQa\n      paid\n    }\n    me {\n      id\n      email\n      firstName\n      preferredName\n      billingMode\n      billingCycle\n      hasStripeSubscription\n      plan {\n        id\n      }\n    }\n  }\n": typeof types.PlanCatalogueDocument,
    "\n  query ConfirmationAccount {\n    me {\n      firstName\n      preferredName\n      ...AccountPlanFields\n    }\n  }\n": typeof types.ConfirmationAccountDocument,
    "\n  mutation CreateCheckoutSession($input: CheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      sessionId\n      url\n    }\n  }\n": typeof types.CreateCheckoutSessionDocument,
    "\n  mutation ChoosePlan($input: ChoosePlanInput!) {\n    choosePlan(input: $input) {\n      ...AccountPlanFields\n    }\n  }\n": typeof types.ChoosePlanDocument,
    "\n  query SessionAudioUrl($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n": typeof types.SessionAudioUrlDocument,
    "\n  fragment AccountFields on Account {\n    id\n    firstName\n    lastName\n    email\n    preferredName\n    languageCode\n  }\n": typeof types.AccountFieldsFragmentDoc,
    "\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    prefix\n    scope\n    createdAt\n    lastUsedAt\n  }\n": typeof types.ApiTokenFieldsFragmentDoc,
    "\n  query Profile {\n    me {\n      ...AccountFields\n      ...AccountPlanFields\n    }\n    languages {\n      code\n      label\n    }\n  }\n": typeof types.ProfileDocument,
    "\n  mutation UpdateAccountField($input: UpdateAccountFieldInput!) {\n    updateAccountField(input: $input) {\n      ...AccountFields\n    }\n  }\n": typeof types.UpdateAccountFieldDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n    me {\n      id\n      apiTokensRevokedAt\n    }\n  }\n": typeof types.ApiTokensDocument,
    "\n  mutation CreateApiToken($name: String!, $scope: ApiTokenScope) {\n    createApiToken(name: $name, scope: $scope) {\n      secret\n      token {\n        ...ApiTokenFields\n      }\n    }\n  }\n": typeof types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n": typeof types.RevokeApiTokenDocument,
    "\n  mutation CreateBillingPortalSession {\n    createBillingPortalSession {\n      url\n    }\n  }\n": typeof types.CreateBillingPortalSessionDocument,
    "\n  query QaOwnCampaigns {\n    campaigns {\n      ...CampaignSidebarFields\n    }\n  }\n": typeof types.QaOwnCampaignsDocument,
    "\n  query QaSharedCampaigns {\n    sharedCampaigns {\n      id\n      campaign {\n        ...CampaignSidebarFields\n      }\n    }\n  }\n": typeof types.QaSharedCampaignsDocument,
    "\n  query QaAccess {\n    me {\n      id\n      hasValidAccess\n      hasStripeSubscription\n    }\n  }\n": typeof types.QaAccessDocument,
    "\n  mutation Ask($input: AskInput!) {\n    ask(input: $input) {\n      text\n      found\n      citations {\n        sessionId\n        sessionTitle\n        startMs\n        endMs\n        quote\n      }\n    }\n  }\n": typeof types.AskDocument,
    "\n  query CitationAudio($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n": typeof types.CitationAudioDocument,
    "\n  fragment RecapSentenceFields on RecapSentence {\n    text\n    lineIds\n    startMs\n  }\n": typeof types.RecapSentenceFieldsFragmentDoc,
    "\n  fragment RecapFields on Recap {\n    scenes {\n      title\n      startMs\n      endMs\n      where\n      people\n      met\n      main\n      happened {\n        ...RecapSentenceFields\n      }\n      found {\n        ...RecapSentenceFields\n      }\n    }\n    threads {\n      ...RecapSentenceFields\n    }\n  }\n": typeof types.RecapFieldsFragmentDoc,
    "\n  query SessionTimeline($id: ID!) {\n    session(id: $id) {\n      id\n      durationSeconds\n      audioUrl\n      transcriptLines {\n        id\n        startMs\n        endMs\n        tableTalk\n        speaker {\n          id\n          displayName\n        }\n      }\n    }\n  }\n": typeof types.SessionTimelineDocument,
    "\n  fragment RecordingFields on RecordingStatus {\n    id\n    title\n    campaignId\n    state\n    segment\n    partsReceived\n    createdAt\n    lastPartAt\n  }\n": typeof types.RecordingFieldsFragmentDoc,
    "\n  mutation StartRecording($campaignId: ID!, $mimeType: String!, $title: String) {\n    startRecording(campaignId: $campaignId, mimeType: $mimeType, title: $title) {\n      ...RecordingFields\n    }\n  }\n": typeof types.StartRecordingDocument,
    "\n  mutation ResumeRecording($id: ID!) {\n    resumeRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n": typeof types.ResumeRecordingDocument,
    "\n  mutation FinishRecording($id: ID!) {\n    finishRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n": typeof types.FinishRecordingDocument,
    "\n  query UnfinishedRecordings {\n    unfinishedRecordings {\n      ...RecordingFields\n    }\n  }\n": typeof types.UnfinishedRecordingsDocument,
    "\n  query LiveNotes($id: ID!) {\n    session(id: $id) {\n      id\n      status\n      stage\n      transcriptLines {\n        id\n        startMs\n        text\n        tableTalk\n      }\n    }\n  }\n": typeof types.LiveNotesDocument,
    "\n  mutation SetLineTableTalk($lineId: ID!, $tableTalk: Boolean!) {\n    setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) {\n      ...TranscriptLineFields\n    }\n  }\n": typeof types.SetLineTableTalkDocument,
    "\n  mutation EditTranscriptLine($lineId: ID!, $text: String!) {\n    editTranscriptLine(lineId: $lineId, text: $text) {\n      ...TranscriptLineFields\n    }\n  }\n": typeof types.EditTranscriptLineDocument,
    "\n  mutation SetLineGmOnly($lineId: ID!, $gmOnly: Boolean!) {\n    setLineGmOnly(lineId: $lineId, gmOnly: $gmOnly) {\n      ...TranscriptLineFields\n    }\n  }\n": typeof types.SetLineGmOnlyDocument,
    "\n  mutation SetSessionSummariesGmOnly($id: ID!, $gmOnly: Boolean!) {\n    setSessionSummariesGmOnly(id: $id, gmOnly: $gmOnly) {\n      id\n      summariesGmOnly\n      campaign {\n        id\n        summaries {\n          id\n          type\n          text\n        }\n      }\n    }\n  }\n": typeof types.SetSessionSummariesGmOnlyDocument,
    "\n  query UploadCapacity {\n    me {\n      id\n      usage {\n        canUpload\n      }\n    }\n  }\n": typeof types.UploadCapacityDocument,
    "\n  query SessionVoices($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      voices {\n        talkSeconds\n        lineCount\n        sampleStartMs\n        speaker {\n          id\n          label\n          playerName\n          characterName\n          role\n          displayName\n        }\n        closestKnown {\n          id\n          displayName\n        }\n      }\n    }\n  }\n": typeof types.SessionVoicesDocument,
    "\n  mutation MergeSpeakers($id: ID!, $into: ID!) {\n    mergeSpeakers(id: $id, into: $into) {\n      id\n      displayName\n    }\n  }\n": typeof types.MergeSpeakersDocument,
    "\n  mutation MoveLinesToSpeaker($lineIds: [ID!]!, $speakerId: ID!) {\n    moveLinesToSpeaker(lineIds: $lineIds, speakerId: $speakerId) {\n      id\n      displayName\n    }\n  }\n": typeof types.MoveLinesToSpeakerDocument,
    "\n  mutation ForgetVoicePrints($campaignId: ID!) {\n    forgetVoicePrints(campaignId: $campaignId)\n  }\n": typeof types.ForgetVoicePrintsDocument,
    "\n  fragment PlanFields on Plan {\n    id\n    name\n    paid\n    audioHours\n  }\n": typeof types.PlanFieldsFragmentDoc,
    "\n  fragment UsageFields on UsageInfo {\n    uploadLimit\n    usedTime\n    remainingTime\n    canUpload\n  }\n": typeof types.UsageFieldsFragmentDoc,
    "\n  fragment AccountPlanFields on Account {\n    id\n    billingMode\n    billingCycle\n    hasStripeSubscription\n    hasValidAccess\n    renewsAt\n    endsAt\n    paymentFailedAt\n    plan {\n      ...PlanFields\n    }\n    usage {\n      ...UsageFields\n    }\n  }\n": typeof types.AccountPlanFieldsFragmentDoc,
    "\n  mutation RetrySession($id: ID!) {\n    retrySession(id: $id) {\n      ...SessionProcessingFields\n    }\n  }\n": typeof types.RetrySessionDocument,
    "\n  fragment TranscriptLineFields on TranscriptLine {\n    id\n    startMs\n    text\n    tableTalk\n    gmOnly\n    speaker {\n      id\n      displayName\n    }\n  }\n": typeof types.TranscriptLineFieldsFragmentDoc,
    "\n  query SessionContent($id: ID!) {\n    session(id: $id) {\n      ...SessionProcessingFields\n      title\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      summariesGmOnly\n      editedSummaries\n      recap {\n        ...RecapFields\n      }\n      summaryWriter {\n        kind\n        model\n      }\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n": typeof types.SessionContentDocument,
    "\n  query SessionTranscriptLines($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n    }\n  }\n": typeof types.SessionTranscriptLinesDocument,
    "\n  mutation UpdateSpeaker($id: ID!, $input: SpeakerInput!) {\n    updateSpeaker(id: $id, input: $input) {\n      id\n      playerName\n      characterName\n      role\n      displayName\n    }\n  }\n": typeof types.UpdateSpeakerDocument,
    "\n  fragment SessionProcessingFields on Session {\n    id\n    status\n    stage\n    progress\n    failureReason\n  }\n": typeof types.SessionProcessingFieldsFragmentDoc,
    "\n  subscription SessionUpdated($sessionId: ID!) {\n    sessionUpdated(sessionId: $sessionId) {\n      sessionId\n      campaignId\n      status\n      stage\n      progress\n    }\n  }\n": typeof types.SessionUpdatedDocument,
    "\n  fragment SessionLiveState on Session {\n    status\n    stage\n  }\n": typeof types.SessionLiveStateFragmentDoc,
    "\n  query Viewer {\n    me {\n      id\n      firstName\n      preferredName\n      hasStripeSubscription\n      plan {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ViewerDocument,
};
const documents: Documents = {
    "\n  fragment CampaignSidebarFields on Campaign {\n    id\n    title\n    lastEditedAt\n    sessions {\n      id\n      title\n      status\n      playedOn\n    }\n  }\n": types.CampaignSidebarFieldsFragmentDoc,
    "\n  mutation UpdateSessionContent($id: ID!, $field: SessionContentField!, $text: String!) {\n    updateSessionContent(id: $id, field: $field, text: $text) {\n      id\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n      campaign {\n        id\n        vocabulary\n      }\n    }\n  }\n": types.UpdateSessionContentDocument,
    "\n  mutation UpdateCampaignSummary($campaignId: ID!, $type: CampaignSummaryType!, $text: String!) {\n    updateCampaignSummary(campaignId: $campaignId, type: $type, text: $text) {\n      id\n      type\n      text\n    }\n  }\n": types.UpdateCampaignSummaryDocument,
    "\n  mutation MarkSharedCampaignSeen($shareId: ID!) {\n    markSharedCampaignSeen(shareId: $shareId) {\n      id\n      seen\n    }\n  }\n": types.MarkSharedCampaignSeenDocument,
    "\n  fragment ArchiveCampaignFields on Campaign {\n    ...CampaignSidebarFields\n    createdAt\n    role\n    sessions {\n      createdAt\n    }\n  }\n": types.ArchiveCampaignFieldsFragmentDoc,
    "\n  query ArchiveCampaigns {\n    campaigns {\n      ...ArchiveCampaignFields\n    }\n  }\n": types.ArchiveCampaignsDocument,
    "\n  query SharedCampaigns {\n    sharedCampaigns {\n      id\n      sharedAt\n      seen\n      campaign {\n        ...ArchiveCampaignFields\n      }\n    }\n  }\n": types.SharedCampaignsDocument,
    "\n  query CampaignContent($id: ID!) {\n    campaign(id: $id) {\n      id\n      title\n      role\n      summaries {\n        id\n        type\n        text\n      }\n    }\n  }\n": types.CampaignContentDocument,
    "\n  query SessionFullText($id: ID!) {\n    session(id: $id) {\n      id\n      fullTranscript\n    }\n  }\n": types.SessionFullTextDocument,
    "\n  query CampaignTranscripts($id: ID!) {\n    campaign(id: $id) {\n      id\n      sessions {\n        id\n        title\n        status\n        playedOn\n        createdAt\n        fullTranscript\n      }\n    }\n  }\n": types.CampaignTranscriptsDocument,
    "\n  query UnseenShares {\n    sharedCampaigns {\n      id\n      seen\n    }\n  }\n": types.UnseenSharesDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      id\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      id\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {\n    resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)\n  }\n": types.ResetPasswordDocument,
    "\n  fragment IndexEntryFields on IndexEntry {\n    id\n    name\n    foundName\n    kind\n    description\n    notes\n    hidden\n    gmOnly\n    variants\n    mentionCount\n    firstSession {\n      id\n      title\n    }\n    lastSession {\n      id\n      title\n    }\n  }\n": types.IndexEntryFieldsFragmentDoc,
    "\n  query IndexEntryMentions($id: ID!) {\n    indexEntry(id: $id) {\n      id\n      mentions(first: 100) {\n        lineId\n        text\n        lineText\n        startMs\n        session {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.IndexEntryMentionsDocument,
    "\n  query CampaignIndex($id: ID!, $includeHidden: Boolean!) {\n    campaign(id: $id) {\n      id\n      role\n      index(includeHidden: $includeHidden) {\n        ...IndexEntryFields\n      }\n    }\n  }\n": types.CampaignIndexDocument,
    "\n  mutation UpdateIndexEntry($id: ID!, $input: IndexEntryInput!) {\n    updateIndexEntry(id: $id, input: $input) {\n      ...IndexEntryFields\n    }\n  }\n": types.UpdateIndexEntryDocument,
    "\n  mutation MergeIndexEntry($id: ID!, $intoId: ID!) {\n    mergeIndexEntry(id: $id, intoId: $intoId) {\n      ...IndexEntryFields\n    }\n  }\n": types.MergeIndexEntryDocument,
    "\n  query CampaignRecap($id: ID!) {\n    campaign(id: $id) {\n      id\n      recap {\n        lastSession {\n          id\n          title\n        }\n        briefSummary\n        openThreads {\n          kind\n          text\n          lineId\n          startMs\n          session {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n": types.CampaignRecapDocument,
    "\n  query DashboardLatestSessions {\n    latestSessions(limit: 5) {\n      ...SessionProcessingFields\n      title\n      playedOn\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n": types.DashboardLatestSessionsDocument,
    "\n  query DashboardUsage {\n    me {\n      id\n      plan {\n        ...PlanFields\n      }\n      usage {\n        ...UsageFields\n      }\n    }\n  }\n": types.DashboardUsageDocument,
    "\n  query DashboardCampaigns {\n    campaigns {\n      id\n      title\n    }\n  }\n": types.DashboardCampaignsDocument,
    "\n  mutation CreateCampaign($title: String!) {\n    createCampaign(title: $title) {\n      id\n      title\n    }\n  }\n": types.CreateCampaignDocument,
    "\n  query CampaignShares($id: ID!) {\n    campaign(id: $id) {\n      id\n      shares {\n        id\n        recipientEmail\n        createdAt\n        seenAt\n      }\n    }\n  }\n": types.CampaignSharesDocument,
    "\n  query CampaignCast($id: ID!) {\n    campaign(id: $id) {\n      id\n      cast {\n        id\n        label\n        playerName\n        characterName\n        role\n        displayName\n      }\n    }\n  }\n": types.CampaignCastDocument,
    "\n  query CampaignVocabulary($id: ID!) {\n    campaign(id: $id) {\n      id\n      vocabulary\n    }\n  }\n": types.CampaignVocabularyDocument,
    "\n  mutation RenameCampaign($id: ID!, $title: String!) {\n    renameCampaign(id: $id, title: $title) {\n      id\n      title\n      lastEditedAt\n    }\n  }\n": types.RenameCampaignDocument,
    "\n  mutation SetCampaignVocabulary($campaignId: ID!, $vocabulary: String!) {\n    setCampaignVocabulary(campaignId: $campaignId, vocabulary: $vocabulary) {\n      id\n      vocabulary\n    }\n  }\n": types.SetCampaignVocabularyDocument,
    "\n  mutation DeleteCampaign($id: ID!, $password: String!) {\n    deleteCampaign(id: $id, password: $password)\n  }\n": types.DeleteCampaignDocument,
    "\n  mutation ShareCampaign($campaignId: ID!, $email: String!) {\n    shareCampaign(campaignId: $campaignId, email: $email) {\n      id\n      recipientEmail\n    }\n  }\n": types.ShareCampaignDocument,
    "\n  mutation RemoveSharedCampaign($shareId: ID!) {\n    removeSharedCampaign(shareId: $shareId)\n  }\n": types.RemoveSharedCampaignDocument,
    "\n  mutation RevokeShare($shareId: ID!) {\n    revokeShare(shareId: $shareId)\n  }\n": types.RevokeShareDocument,
    "\n  mutation RenameSession($id: ID!, $title: String!) {\n    renameSession(id: $id, title: $title) {\n      id\n      title\n    }\n  }\n": types.RenameSessionDocument,
    "\n  mutation MoveSession($id: ID!, $campaignId: ID!) {\n    moveSession(id: $id, campaignId: $campaignId) {\n      id\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n": types.MoveSessionDocument,
    "\n  mutation DeleteSession($id: ID!, $password: String!) {\n    deleteSession(id: $id, password: $password)\n  }\n": types.DeleteSessionDocument,
    "\n  mutation UpdateSessionPlayedOn($id: ID!, $playedOn: Date!) {\n    updateSessionPlayedOn(id: $id, playedOn: $playedOn) {\n      id\n      playedOn\n    }\n  }\n": types.UpdateSessionPlayedOnDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n": types.SubscribeNewsletterDocument,
    "\n  query PlanCatalogue {\n    plans {\n      id\n      name\n      monthlyPrice\n      annualPrice\n      annualMonthlyPrice\n      audioHours\n      includesQa\n      paid\n    }\n    me {\n      id\n      email\n      firstName\n      preferredName\n      billingMode\n      billingCycle\n      hasStripeSubscription\n      plan {\n        id\n      }\n    }\n  }\n": types.PlanCatalogueDocument,
    "\n  query ConfirmationAccount {\n    me {\n      firstName\n      preferredName\n      ...AccountPlanFields\n    }\n  }\n": types.ConfirmationAccountDocument,
    "\n  mutation CreateCheckoutSession($input: CheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      sessionId\n      url\n    }\n  }\n": types.CreateCheckoutSessionDocument,
    "\n  mutation ChoosePlan($input: ChoosePlanInput!) {\n    choosePlan(input: $input) {\n      ...AccountPlanFields\n    }\n  }\n": types.ChoosePlanDocument,
    "\n  query SessionAudioUrl($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n": types.SessionAudioUrlDocument,
    "\n  fragment AccountFields on Account {\n    id\n    firstName\n    lastName\n    email\n    preferredName\n    languageCode\n  }\n": types.AccountFieldsFragmentDoc,
    "\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    prefix\n    scope\n    createdAt\n    lastUsedAt\n  }\n": types.ApiTokenFieldsFragmentDoc,
    "\n  query Profile {\n    me {\n      ...AccountFields\n      ...AccountPlanFields\n    }\n    languages {\n      code\n      label\n    }\n  }\n": types.ProfileDocument,
    "\n  mutation UpdateAccountField($input: UpdateAccountFieldInput!) {\n    updateAccountField(input: $input) {\n      ...AccountFields\n    }\n  }\n": types.UpdateAccountFieldDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n": types.ChangePasswordDocument,
    "\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n    me {\n      id\n      apiTokensRevokedAt\n    }\n  }\n": types.ApiTokensDocument,
    "\n  mutation CreateApiToken($name: String!, $scope: ApiTokenScope) {\n    createApiToken(name: $name, scope: $scope) {\n      secret\n      token {\n        ...ApiTokenFields\n      }\n    }\n  }\n": types.CreateApiTokenDocument,
    "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n": types.RevokeApiTokenDocument,
    "\n  mutation CreateBillingPortalSession {\n    createBillingPortalSession {\n      url\n    }\n  }\n": types.CreateBillingPortalSessionDocument,
    "\n  query QaOwnCampaigns {\n    campaigns {\n      ...CampaignSidebarFields\n    }\n  }\n": types.QaOwnCampaignsDocument,
    "\n  query QaSharedCampaigns {\n    sharedCampaigns {\n      id\n      campaign {\n        ...CampaignSidebarFields\n      }\n    }\n  }\n": types.QaSharedCampaignsDocument,
    "\n  query QaAccess {\n    me {\n      id\n      hasValidAccess\n      hasStripeSubscription\n    }\n  }\n": types.QaAccessDocument,
    "\n  mutation Ask($input: AskInput!) {\n    ask(input: $input) {\n      text\n      found\n      citations {\n        sessionId\n        sessionTitle\n        startMs\n        endMs\n        quote\n      }\n    }\n  }\n": types.AskDocument,
    "\n  query CitationAudio($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n": types.CitationAudioDocument,
    "\n  fragment RecapSentenceFields on RecapSentence {\n    text\n    lineIds\n    startMs\n  }\n": types.RecapSentenceFieldsFragmentDoc,
    "\n  fragment RecapFields on Recap {\n    scenes {\n      title\n      startMs\n      endMs\n      where\n      people\n      met\n      main\n      happened {\n        ...RecapSentenceFields\n      }\n      found {\n        ...RecapSentenceFields\n      }\n    }\n    threads {\n      ...RecapSentenceFields\n    }\n  }\n": types.RecapFieldsFragmentDoc,
    "\n  query SessionTimeline($id: ID!) {\n    session(id: $id) {\n      id\n      durationSeconds\n      audioUrl\n      transcriptLines {\n        id\n        startMs\n        endMs\n        tableTalk\n        speaker {\n          id\n          displayName\n        }\n      }\n    }\n  }\n": types.SessionTimelineDocument,
    "\n  fragment RecordingFields on RecordingStatus {\n    id\n    title\n    campaignId\n    state\n    segment\n    partsReceived\n    createdAt\n    lastPartAt\n  }\n": types.RecordingFieldsFragmentDoc,
    "\n  mutation StartRecording($campaignId: ID!, $mimeType: String!, $title: String) {\n    startRecording(campaignId: $campaignId, mimeType: $mimeType, title: $title) {\n      ...RecordingFields\n    }\n  }\n": types.StartRecordingDocument,
    "\n  mutation ResumeRecording($id: ID!) {\n    resumeRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n": types.ResumeRecordingDocument,
    "\n  mutation FinishRecording($id: ID!) {\n    finishRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n": types.FinishRecordingDocument,
    "\n  query UnfinishedRecordings {\n    unfinishedRecordings {\n      ...RecordingFields\n    }\n  }\n": types.UnfinishedRecordingsDocument,
    "\n  query LiveNotes($id: ID!) {\n    session(id: $id) {\n      id\n      status\n      stage\n      transcriptLines {\n        id\n        startMs\n        text\n        tableTalk\n      }\n    }\n  }\n": types.LiveNotesDocument,
    "\n  mutation SetLineTableTalk($lineId: ID!, $tableTalk: Boolean!) {\n    setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) {\n      ...TranscriptLineFields\n    }\n  }\n": types.SetLineTableTalkDocument,
    "\n  mutation EditTranscriptLine($lineId: ID!, $text: String!) {\n    editTranscriptLine(lineId: $lineId, text: $text) {\n      ...TranscriptLineFields\n    }\n  }\n": types.EditTranscriptLineDocument,
    "\n  mutation SetLineGmOnly($lineId: ID!, $gmOnly: Boolean!) {\n    setLineGmOnly(lineId: $lineId, gmOnly: $gmOnly) {\n      ...TranscriptLineFields\n    }\n  }\n": types.SetLineGmOnlyDocument,
    "\n  mutation SetSessionSummariesGmOnly($id: ID!, $gmOnly: Boolean!) {\n    setSessionSummariesGmOnly(id: $id, gmOnly: $gmOnly) {\n      id\n      summariesGmOnly\n      campaign {\n        id\n        summaries {\n          id\n          type\n          text\n        }\n      }\n    }\n  }\n": types.SetSessionSummariesGmOnlyDocument,
    "\n  query UploadCapacity {\n    me {\n      id\n      usage {\n        canUpload\n      }\n    }\n  }\n": types.UploadCapacityDocument,
    "\n  query SessionVoices($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      voices {\n        talkSeconds\n        lineCount\n        sampleStartMs\n        speaker {\n          id\n          label\n          playerName\n          characterName\n          role\n          displayName\n        }\n        closestKnown {\n          id\n          displayName\n        }\n      }\n    }\n  }\n": types.SessionVoicesDocument,
    "\n  mutation MergeSpeakers($id: ID!, $into: ID!) {\n    mergeSpeakers(id: $id, into: $into) {\n      id\n      displayName\n    }\n  }\n": types.MergeSpeakersDocument,
    "\n  mutation MoveLinesToSpeaker($lineIds: [ID!]!, $speakerId: ID!) {\n    moveLinesToSpeaker(lineIds: $lineIds, speakerId: $speakerId) {\n      id\n      displayName\n    }\n  }\n": types.MoveLinesToSpeakerDocument,
    "\n  mutation ForgetVoicePrints($campaignId: ID!) {\n    forgetVoicePrints(campaignId: $campaignId)\n  }\n": types.ForgetVoicePrintsDocument,
    "\n  fragment PlanFields on Plan {\n    id\n    name\n    paid\n    audioHours\n  }\n": types.PlanFieldsFragmentDoc,
    "\n  fragment UsageFields on UsageInfo {\n    uploadLimit\n    usedTime\n    remainingTime\n    canUpload\n  }\n": types.UsageFieldsFragmentDoc,
    "\n  fragment AccountPlanFields on Account {\n    id\n    billingMode\n    billingCycle\n    hasStripeSubscription\n    hasValidAccess\n    renewsAt\n    endsAt\n    paymentFailedAt\n    plan {\n      ...PlanFields\n    }\n    usage {\n      ...UsageFields\n    }\n  }\n": types.AccountPlanFieldsFragmentDoc,
    "\n  mutation RetrySession($id: ID!) {\n    retrySession(id: $id) {\n      ...SessionProcessingFields\n    }\n  }\n": types.RetrySessionDocument,
    "\n  fragment TranscriptLineFields on TranscriptLine {\n    id\n    startMs\n    text\n    tableTalk\n    gmOnly\n    speaker {\n      id\n      displayName\n    }\n  }\n": types.TranscriptLineFieldsFragmentDoc,
    "\n  query SessionContent($id: ID!) {\n    session(id: $id) {\n      ...SessionProcessingFields\n      title\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      summariesGmOnly\n      editedSummaries\n      recap {\n        ...RecapFields\n      }\n      summaryWriter {\n        kind\n        model\n      }\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n": types.SessionContentDocument,
    "\n  query SessionTranscriptLines($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n    }\n  }\n": types.SessionTranscriptLinesDocument,
    "\n  mutation UpdateSpeaker($id: ID!, $input: SpeakerInput!) {\n    updateSpeaker(id: $id, input: $input) {\n      id\n      playerName\n      characterName\n      role\n      displayName\n    }\n  }\n": types.UpdateSpeakerDocument,
    "\n  fragment SessionProcessingFields on Session {\n    id\n    status\n    stage\n    progress\n    failureReason\n  }\n": types.SessionProcessingFieldsFragmentDoc,
    "\n  subscription SessionUpdated($sessionId: ID!) {\n    sessionUpdated(sessionId: $sessionId) {\n      sessionId\n      campaignId\n      status\n      stage\n      progress\n    }\n  }\n": types.SessionUpdatedDocument,
    "\n  fragment SessionLiveState on Session {\n    status\n    stage\n  }\n": types.SessionLiveStateFragmentDoc,
    "\n  query Viewer {\n    me {\n      id\n      firstName\n      preferredName\n      hasStripeSubscription\n      plan {\n        id\n        name\n      }\n    }\n  }\n": types.ViewerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CampaignSidebarFields on Campaign {\n    id\n    title\n    lastEditedAt\n    sessions {\n      id\n      title\n      status\n      playedOn\n    }\n  }\n"): (typeof documents)["\n  fragment CampaignSidebarFields on Campaign {\n    id\n    title\n    lastEditedAt\n    sessions {\n      id\n      title\n      status\n      playedOn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSessionContent($id: ID!, $field: SessionContentField!, $text: String!) {\n    updateSessionContent(id: $id, field: $field, text: $text) {\n      id\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n      campaign {\n        id\n        vocabulary\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSessionContent($id: ID!, $field: SessionContentField!, $text: String!) {\n    updateSessionContent(id: $id, field: $field, text: $text) {\n      id\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n      campaign {\n        id\n        vocabulary\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCampaignSummary($campaignId: ID!, $type: CampaignSummaryType!, $text: String!) {\n    updateCampaignSummary(campaignId: $campaignId, type: $type, text: $text) {\n      id\n      type\n      text\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCampaignSummary($campaignId: ID!, $type: CampaignSummaryType!, $text: String!) {\n    updateCampaignSummary(campaignId: $campaignId, type: $type, text: $text) {\n      id\n      type\n      text\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkSharedCampaignSeen($shareId: ID!) {\n    markSharedCampaignSeen(shareId: $shareId) {\n      id\n      seen\n    }\n  }\n"): (typeof documents)["\n  mutation MarkSharedCampaignSeen($shareId: ID!) {\n    markSharedCampaignSeen(shareId: $shareId) {\n      id\n      seen\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ArchiveCampaignFields on Campaign {\n    ...CampaignSidebarFields\n    createdAt\n    role\n    sessions {\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  fragment ArchiveCampaignFields on Campaign {\n    ...CampaignSidebarFields\n    createdAt\n    role\n    sessions {\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ArchiveCampaigns {\n    campaigns {\n      ...ArchiveCampaignFields\n    }\n  }\n"): (typeof documents)["\n  query ArchiveCampaigns {\n    campaigns {\n      ...ArchiveCampaignFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SharedCampaigns {\n    sharedCampaigns {\n      id\n      sharedAt\n      seen\n      campaign {\n        ...ArchiveCampaignFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SharedCampaigns {\n    sharedCampaigns {\n      id\n      sharedAt\n      seen\n      campaign {\n        ...ArchiveCampaignFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignContent($id: ID!) {\n    campaign(id: $id) {\n      id\n      title\n      role\n      summaries {\n        id\n        type\n        text\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignContent($id: ID!) {\n    campaign(id: $id) {\n      id\n      title\n      role\n      summaries {\n        id\n        type\n        text\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionFullText($id: ID!) {\n    session(id: $id) {\n      id\n      fullTranscript\n    }\n  }\n"): (typeof documents)["\n  query SessionFullText($id: ID!) {\n    session(id: $id) {\n      id\n      fullTranscript\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignTranscripts($id: ID!) {\n    campaign(id: $id) {\n      id\n      sessions {\n        id\n        title\n        status\n        playedOn\n        createdAt\n        fullTranscript\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignTranscripts($id: ID!) {\n    campaign(id: $id) {\n      id\n      sessions {\n        id\n        title\n        status\n        playedOn\n        createdAt\n        fullTranscript\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnseenShares {\n    sharedCampaigns {\n      id\n      seen\n    }\n  }\n"): (typeof documents)["\n  query UnseenShares {\n    sharedCampaigns {\n      id\n      seen\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {\n    resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String!) {\n    resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment IndexEntryFields on IndexEntry {\n    id\n    name\n    foundName\n    kind\n    description\n    notes\n    hidden\n    gmOnly\n    variants\n    mentionCount\n    firstSession {\n      id\n      title\n    }\n    lastSession {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  fragment IndexEntryFields on IndexEntry {\n    id\n    name\n    foundName\n    kind\n    description\n    notes\n    hidden\n    gmOnly\n    variants\n    mentionCount\n    firstSession {\n      id\n      title\n    }\n    lastSession {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IndexEntryMentions($id: ID!) {\n    indexEntry(id: $id) {\n      id\n      mentions(first: 100) {\n        lineId\n        text\n        lineText\n        startMs\n        session {\n          id\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query IndexEntryMentions($id: ID!) {\n    indexEntry(id: $id) {\n      id\n      mentions(first: 100) {\n        lineId\n        text\n        lineText\n        startMs\n        session {\n          id\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignIndex($id: ID!, $includeHidden: Boolean!) {\n    campaign(id: $id) {\n      id\n      role\n      index(includeHidden: $includeHidden) {\n        ...IndexEntryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignIndex($id: ID!, $includeHidden: Boolean!) {\n    campaign(id: $id) {\n      id\n      role\n      index(includeHidden: $includeHidden) {\n        ...IndexEntryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateIndexEntry($id: ID!, $input: IndexEntryInput!) {\n    updateIndexEntry(id: $id, input: $input) {\n      ...IndexEntryFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateIndexEntry($id: ID!, $input: IndexEntryInput!) {\n    updateIndexEntry(id: $id, input: $input) {\n      ...IndexEntryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MergeIndexEntry($id: ID!, $intoId: ID!) {\n    mergeIndexEntry(id: $id, intoId: $intoId) {\n      ...IndexEntryFields\n    }\n  }\n"): (typeof documents)["\n  mutation MergeIndexEntry($id: ID!, $intoId: ID!) {\n    mergeIndexEntry(id: $id, intoId: $intoId) {\n      ...IndexEntryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignRecap($id: ID!) {\n    campaign(id: $id) {\n      id\n      recap {\n        lastSession {\n          id\n          title\n        }\n        briefSummary\n        openThreads {\n          kind\n          text\n          lineId\n          startMs\n          session {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignRecap($id: ID!) {\n    campaign(id: $id) {\n      id\n      recap {\n        lastSession {\n          id\n          title\n        }\n        briefSummary\n        openThreads {\n          kind\n          text\n          lineId\n          startMs\n          session {\n            id\n            title\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLatestSessions {\n    latestSessions(limit: 5) {\n      ...SessionProcessingFields\n      title\n      playedOn\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardLatestSessions {\n    latestSessions(limit: 5) {\n      ...SessionProcessingFields\n      title\n      playedOn\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardUsage {\n    me {\n      id\n      plan {\n        ...PlanFields\n      }\n      usage {\n        ...UsageFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query DashboardUsage {\n    me {\n      id\n      plan {\n        ...PlanFields\n      }\n      usage {\n        ...UsageFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardCampaigns {\n    campaigns {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  query DashboardCampaigns {\n    campaigns {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCampaign($title: String!) {\n    createCampaign(title: $title) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCampaign($title: String!) {\n    createCampaign(title: $title) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignShares($id: ID!) {\n    campaign(id: $id) {\n      id\n      shares {\n        id\n        recipientEmail\n        createdAt\n        seenAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignShares($id: ID!) {\n    campaign(id: $id) {\n      id\n      shares {\n        id\n        recipientEmail\n        createdAt\n        seenAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignCast($id: ID!) {\n    campaign(id: $id) {\n      id\n      cast {\n        id\n        label\n        playerName\n        characterName\n        role\n        displayName\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignCast($id: ID!) {\n    campaign(id: $id) {\n      id\n      cast {\n        id\n        label\n        playerName\n        characterName\n        role\n        displayName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignVocabulary($id: ID!) {\n    campaign(id: $id) {\n      id\n      vocabulary\n    }\n  }\n"): (typeof documents)["\n  query CampaignVocabulary($id: ID!) {\n    campaign(id: $id) {\n      id\n      vocabulary\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameCampaign($id: ID!, $title: String!) {\n    renameCampaign(id: $id, title: $title) {\n      id\n      title\n      lastEditedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RenameCampaign($id: ID!, $title: String!) {\n    renameCampaign(id: $id, title: $title) {\n      id\n      title\n      lastEditedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCampaignVocabulary($campaignId: ID!, $vocabulary: String!) {\n    setCampaignVocabulary(campaignId: $campaignId, vocabulary: $vocabulary) {\n      id\n      vocabulary\n    }\n  }\n"): (typeof documents)["\n  mutation SetCampaignVocabulary($campaignId: ID!, $vocabulary: String!) {\n    setCampaignVocabulary(campaignId: $campaignId, vocabulary: $vocabulary) {\n      id\n      vocabulary\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCampaign($id: ID!, $password: String!) {\n    deleteCampaign(id: $id, password: $password)\n  }\n"): (typeof documents)["\n  mutation DeleteCampaign($id: ID!, $password: String!) {\n    deleteCampaign(id: $id, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareCampaign($campaignId: ID!, $email: String!) {\n    shareCampaign(campaignId: $campaignId, email: $email) {\n      id\n      recipientEmail\n    }\n  }\n"): (typeof documents)["\n  mutation ShareCampaign($campaignId: ID!, $email: String!) {\n    shareCampaign(campaignId: $campaignId, email: $email) {\n      id\n      recipientEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveSharedCampaign($shareId: ID!) {\n    removeSharedCampaign(shareId: $shareId)\n  }\n"): (typeof documents)["\n  mutation RemoveSharedCampaign($shareId: ID!) {\n    removeSharedCampaign(shareId: $shareId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeShare($shareId: ID!) {\n    revokeShare(shareId: $shareId)\n  }\n"): (typeof documents)["\n  mutation RevokeShare($shareId: ID!) {\n    revokeShare(shareId: $shareId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameSession($id: ID!, $title: String!) {\n    renameSession(id: $id, title: $title) {\n      id\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation RenameSession($id: ID!, $title: String!) {\n    renameSession(id: $id, title: $title) {\n      id\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveSession($id: ID!, $campaignId: ID!) {\n    moveSession(id: $id, campaignId: $campaignId) {\n      id\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation MoveSession($id: ID!, $campaignId: ID!) {\n    moveSession(id: $id, campaignId: $campaignId) {\n      id\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSession($id: ID!, $password: String!) {\n    deleteSession(id: $id, password: $password)\n  }\n"): (typeof documents)["\n  mutation DeleteSession($id: ID!, $password: String!) {\n    deleteSession(id: $id, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSessionPlayedOn($id: ID!, $playedOn: Date!) {\n    updateSessionPlayedOn(id: $id, playedOn: $playedOn) {\n      id\n      playedOn\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSessionPlayedOn($id: ID!, $playedOn: Date!) {\n    updateSessionPlayedOn(id: $id, playedOn: $playedOn) {\n      id\n      playedOn\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n"): (typeof documents)["\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlanCatalogue {\n    plans {\n      id\n      name\n      monthlyPrice\n      annualPrice\n      annualMonthlyPrice\n      audioHours\n      includesQa\n      paid\n    }\n    me {\n      id\n      email\n      firstName\n      preferredName\n      billingMode\n      billingCycle\n      hasStripeSubscription\n      plan {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query PlanCatalogue {\n    plans {\n      id\n      name\n      monthlyPrice\n      annualPrice\n      annualMonthlyPrice\n      audioHours\n      includesQa\n      paid\n    }\n    me {\n      id\n      email\n      firstName\n      preferredName\n      billingMode\n      billingCycle\n      hasStripeSubscription\n      plan {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConfirmationAccount {\n    me {\n      firstName\n      preferredName\n      ...AccountPlanFields\n    }\n  }\n"): (typeof documents)["\n  query ConfirmationAccount {\n    me {\n      firstName\n      preferredName\n      ...AccountPlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCheckoutSession($input: CheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      sessionId\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCheckoutSession($input: CheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      sessionId\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChoosePlan($input: ChoosePlanInput!) {\n    choosePlan(input: $input) {\n      ...AccountPlanFields\n    }\n  }\n"): (typeof documents)["\n  mutation ChoosePlan($input: ChoosePlanInput!) {\n    choosePlan(input: $input) {\n      ...AccountPlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionAudioUrl($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n"): (typeof documents)["\n  query SessionAudioUrl($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountFields on Account {\n    id\n    firstName\n    lastName\n    email\n    preferredName\n    languageCode\n  }\n"): (typeof documents)["\n  fragment AccountFields on Account {\n    id\n    firstName\n    lastName\n    email\n    preferredName\n    languageCode\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    prefix\n    scope\n    createdAt\n    lastUsedAt\n  }\n"): (typeof documents)["\n  fragment ApiTokenFields on ApiToken {\n    id\n    name\n    prefix\n    scope\n    createdAt\n    lastUsedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Profile {\n    me {\n      ...AccountFields\n      ...AccountPlanFields\n    }\n    languages {\n      code\n      label\n    }\n  }\n"): (typeof documents)["\n  query Profile {\n    me {\n      ...AccountFields\n      ...AccountPlanFields\n    }\n    languages {\n      code\n      label\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccountField($input: UpdateAccountFieldInput!) {\n    updateAccountField(input: $input) {\n      ...AccountFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccountField($input: UpdateAccountFieldInput!) {\n    updateAccountField(input: $input) {\n      ...AccountFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n    me {\n      id\n      apiTokensRevokedAt\n    }\n  }\n"): (typeof documents)["\n  query ApiTokens {\n    apiTokens {\n      ...ApiTokenFields\n    }\n    me {\n      id\n      apiTokensRevokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiToken($name: String!, $scope: ApiTokenScope) {\n    createApiToken(name: $name, scope: $scope) {\n      secret\n      token {\n        ...ApiTokenFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiToken($name: String!, $scope: ApiTokenScope) {\n    createApiToken(name: $name, scope: $scope) {\n      secret\n      token {\n        ...ApiTokenFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiToken($id: ID!) {\n    revokeApiToken(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBillingPortalSession {\n    createBillingPortalSession {\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBillingPortalSession {\n    createBillingPortalSession {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QaOwnCampaigns {\n    campaigns {\n      ...CampaignSidebarFields\n    }\n  }\n"): (typeof documents)["\n  query QaOwnCampaigns {\n    campaigns {\n      ...CampaignSidebarFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QaSharedCampaigns {\n    sharedCampaigns {\n      id\n      campaign {\n        ...CampaignSidebarFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query QaSharedCampaigns {\n    sharedCampaigns {\n      id\n      campaign {\n        ...CampaignSidebarFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QaAccess {\n    me {\n      id\n      hasValidAccess\n      hasStripeSubscription\n    }\n  }\n"): (typeof documents)["\n  query QaAccess {\n    me {\n      id\n      hasValidAccess\n      hasStripeSubscription\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Ask($input: AskInput!) {\n    ask(input: $input) {\n      text\n      found\n      citations {\n        sessionId\n        sessionTitle\n        startMs\n        endMs\n        quote\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Ask($input: AskInput!) {\n    ask(input: $input) {\n      text\n      found\n      citations {\n        sessionId\n        sessionTitle\n        startMs\n        endMs\n        quote\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CitationAudio($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n"): (typeof documents)["\n  query CitationAudio($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecapSentenceFields on RecapSentence {\n    text\n    lineIds\n    startMs\n  }\n"): (typeof documents)["\n  fragment RecapSentenceFields on RecapSentence {\n    text\n    lineIds\n    startMs\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecapFields on Recap {\n    scenes {\n      title\n      startMs\n      endMs\n      where\n      people\n      met\n      main\n      happened {\n        ...RecapSentenceFields\n      }\n      found {\n        ...RecapSentenceFields\n      }\n    }\n    threads {\n      ...RecapSentenceFields\n    }\n  }\n"): (typeof documents)["\n  fragment RecapFields on Recap {\n    scenes {\n      title\n      startMs\n      endMs\n      where\n      people\n      met\n      main\n      happened {\n        ...RecapSentenceFields\n      }\n      found {\n        ...RecapSentenceFields\n      }\n    }\n    threads {\n      ...RecapSentenceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionTimeline($id: ID!) {\n    session(id: $id) {\n      id\n      durationSeconds\n      audioUrl\n      transcriptLines {\n        id\n        startMs\n        endMs\n        tableTalk\n        speaker {\n          id\n          displayName\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SessionTimeline($id: ID!) {\n    session(id: $id) {\n      id\n      durationSeconds\n      audioUrl\n      transcriptLines {\n        id\n        startMs\n        endMs\n        tableTalk\n        speaker {\n          id\n          displayName\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecordingFields on RecordingStatus {\n    id\n    title\n    campaignId\n    state\n    segment\n    partsReceived\n    createdAt\n    lastPartAt\n  }\n"): (typeof documents)["\n  fragment RecordingFields on RecordingStatus {\n    id\n    title\n    campaignId\n    state\n    segment\n    partsReceived\n    createdAt\n    lastPartAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartRecording($campaignId: ID!, $mimeType: String!, $title: String) {\n    startRecording(campaignId: $campaignId, mimeType: $mimeType, title: $title) {\n      ...RecordingFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartRecording($campaignId: ID!, $mimeType: String!, $title: String) {\n    startRecording(campaignId: $campaignId, mimeType: $mimeType, title: $title) {\n      ...RecordingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeRecording($id: ID!) {\n    resumeRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeRecording($id: ID!) {\n    resumeRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FinishRecording($id: ID!) {\n    finishRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n"): (typeof documents)["\n  mutation FinishRecording($id: ID!) {\n    finishRecording(id: $id) {\n      ...RecordingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnfinishedRecordings {\n    unfinishedRecordings {\n      ...RecordingFields\n    }\n  }\n"): (typeof documents)["\n  query UnfinishedRecordings {\n    unfinishedRecordings {\n      ...RecordingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveNotes($id: ID!) {\n    session(id: $id) {\n      id\n      status\n      stage\n      transcriptLines {\n        id\n        startMs\n        text\n        tableTalk\n      }\n    }\n  }\n"): (typeof documents)["\n  query LiveNotes($id: ID!) {\n    session(id: $id) {\n      id\n      status\n      stage\n      transcriptLines {\n        id\n        startMs\n        text\n        tableTalk\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetLineTableTalk($lineId: ID!, $tableTalk: Boolean!) {\n    setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) {\n      ...TranscriptLineFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetLineTableTalk($lineId: ID!, $tableTalk: Boolean!) {\n    setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) {\n      ...TranscriptLineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditTranscriptLine($lineId: ID!, $text: String!) {\n    editTranscriptLine(lineId: $lineId, text: $text) {\n      ...TranscriptLineFields\n    }\n  }\n"): (typeof documents)["\n  mutation EditTranscriptLine($lineId: ID!, $text: String!) {\n    editTranscriptLine(lineId: $lineId, text: $text) {\n      ...TranscriptLineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetLineGmOnly($lineId: ID!, $gmOnly: Boolean!) {\n    setLineGmOnly(lineId: $lineId, gmOnly: $gmOnly) {\n      ...TranscriptLineFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetLineGmOnly($lineId: ID!, $gmOnly: Boolean!) {\n    setLineGmOnly(lineId: $lineId, gmOnly: $gmOnly) {\n      ...TranscriptLineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSessionSummariesGmOnly($id: ID!, $gmOnly: Boolean!) {\n    setSessionSummariesGmOnly(id: $id, gmOnly: $gmOnly) {\n      id\n      summariesGmOnly\n      campaign {\n        id\n        summaries {\n          id\n          type\n          text\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetSessionSummariesGmOnly($id: ID!, $gmOnly: Boolean!) {\n    setSessionSummariesGmOnly(id: $id, gmOnly: $gmOnly) {\n      id\n      summariesGmOnly\n      campaign {\n        id\n        summaries {\n          id\n          type\n          text\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UploadCapacity {\n    me {\n      id\n      usage {\n        canUpload\n      }\n    }\n  }\n"): (typeof documents)["\n  query UploadCapacity {\n    me {\n      id\n      usage {\n        canUpload\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionVoices($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      voices {\n        talkSeconds\n        lineCount\n        sampleStartMs\n        speaker {\n          id\n          label\n          playerName\n          characterName\n          role\n          displayName\n        }\n        closestKnown {\n          id\n          displayName\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SessionVoices($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      voices {\n        talkSeconds\n        lineCount\n        sampleStartMs\n        speaker {\n          id\n          label\n          playerName\n          characterName\n          role\n          displayName\n        }\n        closestKnown {\n          id\n          displayName\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MergeSpeakers($id: ID!, $into: ID!) {\n    mergeSpeakers(id: $id, into: $into) {\n      id\n      displayName\n    }\n  }\n"): (typeof documents)["\n  mutation MergeSpeakers($id: ID!, $into: ID!) {\n    mergeSpeakers(id: $id, into: $into) {\n      id\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveLinesToSpeaker($lineIds: [ID!]!, $speakerId: ID!) {\n    moveLinesToSpeaker(lineIds: $lineIds, speakerId: $speakerId) {\n      id\n      displayName\n    }\n  }\n"): (typeof documents)["\n  mutation MoveLinesToSpeaker($lineIds: [ID!]!, $speakerId: ID!) {\n    moveLinesToSpeaker(lineIds: $lineIds, speakerId: $speakerId) {\n      id\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgetVoicePrints($campaignId: ID!) {\n    forgetVoicePrints(campaignId: $campaignId)\n  }\n"): (typeof documents)["\n  mutation ForgetVoicePrints($campaignId: ID!) {\n    forgetVoicePrints(campaignId: $campaignId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlanFields on Plan {\n    id\n    name\n    paid\n    audioHours\n  }\n"): (typeof documents)["\n  fragment PlanFields on Plan {\n    id\n    name\n    paid\n    audioHours\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UsageFields on UsageInfo {\n    uploadLimit\n    usedTime\n    remainingTime\n    canUpload\n  }\n"): (typeof documents)["\n  fragment UsageFields on UsageInfo {\n    uploadLimit\n    usedTime\n    remainingTime\n    canUpload\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountPlanFields on Account {\n    id\n    billingMode\n    billingCycle\n    hasStripeSubscription\n    hasValidAccess\n    renewsAt\n    endsAt\n    paymentFailedAt\n    plan {\n      ...PlanFields\n    }\n    usage {\n      ...UsageFields\n    }\n  }\n"): (typeof documents)["\n  fragment AccountPlanFields on Account {\n    id\n    billingMode\n    billingCycle\n    hasStripeSubscription\n    hasValidAccess\n    renewsAt\n    endsAt\n    paymentFailedAt\n    plan {\n      ...PlanFields\n    }\n    usage {\n      ...UsageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetrySession($id: ID!) {\n    retrySession(id: $id) {\n      ...SessionProcessingFields\n    }\n  }\n"): (typeof documents)["\n  mutation RetrySession($id: ID!) {\n    retrySession(id: $id) {\n      ...SessionProcessingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TranscriptLineFields on TranscriptLine {\n    id\n    startMs\n    text\n    tableTalk\n    gmOnly\n    speaker {\n      id\n      displayName\n    }\n  }\n"): (typeof documents)["\n  fragment TranscriptLineFields on TranscriptLine {\n    id\n    startMs\n    text\n    tableTalk\n    gmOnly\n    speaker {\n      id\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionContent($id: ID!) {\n    session(id: $id) {\n      ...SessionProcessingFields\n      title\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      summariesGmOnly\n      editedSummaries\n      recap {\n        ...RecapFields\n      }\n      summaryWriter {\n        kind\n        model\n      }\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n"): (typeof documents)["\n  query SessionContent($id: ID!) {\n    session(id: $id) {\n      ...SessionProcessingFields\n      title\n      briefSummary\n      moderateSummary\n      detailedSummary\n      fullTranscript\n      summariesGmOnly\n      editedSummaries\n      recap {\n        ...RecapFields\n      }\n      summaryWriter {\n        kind\n        model\n      }\n      campaign {\n        id\n        title\n        role\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionTranscriptLines($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SessionTranscriptLines($id: ID!) {\n    session(id: $id) {\n      id\n      audioUrl\n      transcriptLines {\n        ...TranscriptLineFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSpeaker($id: ID!, $input: SpeakerInput!) {\n    updateSpeaker(id: $id, input: $input) {\n      id\n      playerName\n      characterName\n      role\n      displayName\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSpeaker($id: ID!, $input: SpeakerInput!) {\n    updateSpeaker(id: $id, input: $input) {\n      id\n      playerName\n      characterName\n      role\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionProcessingFields on Session {\n    id\n    status\n    stage\n    progress\n    failureReason\n  }\n"): (typeof documents)["\n  fragment SessionProcessingFields on Session {\n    id\n    status\n    stage\n    progress\n    failureReason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SessionUpdated($sessionId: ID!) {\n    sessionUpdated(sessionId: $sessionId) {\n      sessionId\n      campaignId\n      status\n      stage\n      progress\n    }\n  }\n"): (typeof documents)["\n  subscription SessionUpdated($sessionId: ID!) {\n    sessionUpdated(sessionId: $sessionId) {\n      sessionId\n      campaignId\n      status\n      stage\n      progress\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionLiveState on Session {\n    status\n    stage\n  }\n"): (typeof documents)["\n  fragment SessionLiveState on Session {\n    status\n    stage\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    me {\n      id\n      firstName\n      preferredName\n      hasStripeSubscription\n      plan {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    me {\n      id\n      firstName\n      preferredName\n      hasStripeSubscription\n      plan {\n        id\n        name\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;