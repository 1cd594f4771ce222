/** The upload texts of docs/product.md#validation, #messages, and its limits (section 9). */
export const UPLOAD_MESSAGES = {
  tooLargeFile: 'File size must be less than 1GB',
  unsupported: 'Please upload a supported audio file format',
  noCampaign: 'Please select a campaign before uploading.',
  quotaExceeded: 'You have exceeded your upload limit. Please upgrade your plan.',
  capacityUnknown: 'Failed to verify upload capacity. Please try again later.',
  status413: 'File size too large. Please upload a smaller file (max 1GB).',
  status: (code: number) => `Failed to upload audio file. Status: ${code}`,
  network: 'Failed to upload audio file',
  noRedirect: 'Upload failed - no redirect URL provided',
  success: 'Session added successfully! Processing will continue in the background.',
} as const;

/** The import of a transcript file (the api's own messages say what is wrong with a file). */
export const IMPORT_MESSAGES = {
  tooLargeFile: 'A transcript file must be at most 5 MB',
  status413: 'The transcript file is too large. Transcripts up to 5 MB are accepted.',
  status: (code: number) => `Failed to import the transcript. Status: ${code}`,
  network: 'Failed to import the transcript',
  success: 'Transcript imported! Table talk, summaries and Q&A will be ready in a moment.',
} as const;

/** 5 MB: the api's bound on a transcript file (api/src/engines/transcript-formats/cue.ts). */
export const MAX_TRANSCRIPT_BYTES = 5 * 1024 * 1024;

/** 1 GB; a file must be smaller than this. */
export const MAX_UPLOAD_BYTES = 1073741824;

/** The spec's upload time-out, 15 minutes. */
export const UPLOAD_TIMEOUT_MS = 900_000;

/** The 'processing' modal appears once the upload's progress exceeds this percentage. */
export const PROCESSING_AFTER_PERCENT = 99;
