/** The upload texts of spec sections 5 and 8, and its limits (section 9). */
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

/** 1 GB; a file must be smaller than this. */
export const MAX_UPLOAD_BYTES = 1073741824;

/** The spec's upload time-out, 15 minutes. */
export const UPLOAD_TIMEOUT_MS = 900_000;

/** The 'processing' modal appears once the upload's progress exceeds this percentage. */
export const PROCESSING_AFTER_PERCENT = 99;
