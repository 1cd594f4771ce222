import { describe, expect, it } from 'vitest';
import { isSupportedFile, isTranscriptFile, PICKER_ACCEPT } from './file-types';

const file = (name: string, type = '') => ({ name, type });

describe('isSupportedFile', () => {
  it('takes audio and video whose extension and declared type both fit, x- names included', () => {
    expect(isSupportedFile(file('night.mp3', 'audio/mpeg'), 'picker')).toBe(true);
    expect(isSupportedFile(file('NIGHT.FLAC', 'audio/x-flac'), 'drop')).toBe(true);
    expect(isSupportedFile(file('night.wav', 'audio/wav; codecs=1'), 'drop')).toBe(true);
    expect(isSupportedFile(file('stream.mp4', 'video/mp4'), 'drop')).toBe(true);
  });

  it('lets the extension decide where the browser declares nothing', () => {
    expect(isSupportedFile(file('dictation.dss'), 'drop')).toBe(true);
    expect(isSupportedFile(file('dictation.dss', 'application/octet-stream'), 'picker')).toBe(true);
    expect(isSupportedFile(file('notes.docx'), 'drop')).toBe(false);
    expect(isSupportedFile(file('no-extension'), 'drop')).toBe(false);
  });

  it('refuses a declared type that is not audio or video, whatever the extension', () => {
    expect(isSupportedFile(file('night.mp3', 'text/plain'), 'picker')).toBe(false);
    expect(isSupportedFile(file('night.mp3', 'image/png'), 'drop')).toBe(false);
  });

  it('takes QuickTime from the picker only', () => {
    expect(isSupportedFile(file('cam.mov', 'video/quicktime'), 'picker')).toBe(true);
    expect(isSupportedFile(file('cam.mov', 'video/quicktime'), 'drop')).toBe(false);
  });

  it('takes a ZIP (a multi-track recording) when declared as one or not at all', () => {
    expect(isSupportedFile(file('craig.zip', 'application/zip'), 'picker')).toBe(true);
    expect(isSupportedFile(file('craig.zip', 'application/x-zip-compressed'), 'drop')).toBe(true);
    expect(isSupportedFile(file('craig.zip'), 'drop')).toBe(true);
    expect(isSupportedFile(file('craig.zip', 'audio/mpeg'), 'drop')).toBe(false);
  });

  it('sends transcripts to the import: WebVTT and SubRip also dropped, plain text only picked', () => {
    expect(isSupportedFile(file('night.vtt', 'text/vtt'), 'import')).toBe(true);
    expect(isSupportedFile(file('night.txt', 'text/plain'), 'import')).toBe(true);
    expect(isSupportedFile(file('night.srt'), 'drop')).toBe(true);
    expect(isSupportedFile(file('night.txt', 'text/plain'), 'drop')).toBe(false);
    expect(isSupportedFile(file('night.vtt', 'text/vtt'), 'picker')).toBe(false);
    expect(isSupportedFile(file('night.mp3', 'audio/mpeg'), 'import')).toBe(false);
  });
});

describe('isTranscriptFile', () => {
  it('knows a transcript by its extension, in any case', () => {
    expect(['a.vtt', 'b.SRT', 'c.txt'].map((name) => isTranscriptFile({ name }))).toEqual([true, true, true]);
    expect(['a.vtt.mp3', 'vtt', 'a.md'].map((name) => isTranscriptFile({ name }))).toEqual([false, false, false]);
  });
});

describe('PICKER_ACCEPT', () => {
  it('offers the types and extensions the check takes', () => {
    const accepted = PICKER_ACCEPT.split(',');
    for (const entry of ['audio/mpeg', 'video/mp4', 'video/quicktime', '.flac', '.dss', '.zip', 'application/zip']) {
      expect(accepted).toContain(entry);
    }
  });
});
