import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../gql/graphql';
import { inPlayOrder, sessionHeading } from './campaign-transcript';

const session = (id: string, playedOn: string, createdAt: string, status: SessionStatus = 'READY') => ({
  id,
  title: `Session ${id}`,
  status,
  playedOn,
  createdAt,
});

describe('inPlayOrder', () => {
  it('holds the processed sessions only, by the day played, then upload time, then id', () => {
    const sessions = [
      session('late', '2026-03-10', '2026-03-01T00:00:00Z'),
      session('failed', '2026-01-01', '2026-01-01T00:00:00Z', 'FAILED'),
      session('b', '2026-02-01', '2026-02-02T00:00:00Z'),
      session('processing', '2026-01-02', '2026-01-02T00:00:00Z', 'PROCESSING'),
      session('0-later-upload', '2026-02-01', '2026-02-03T00:00:00Z'),
      session('a', '2026-02-01', '2026-02-02T00:00:00Z'),
      session('early', '2025-12-24', '2026-03-05T00:00:00Z'),
    ];
    expect(inPlayOrder(sessions).map((s) => s.id)).toEqual(['early', 'a', 'b', '0-later-upload', 'late']);
    expect(sessions[0].id).toBe('late');
  });
});

describe('sessionHeading', () => {
  it('names the session and the day it was played', () => {
    expect(sessionHeading(session('x', '2026-02-01', '2026-02-02T00:00:00Z'))).toBe('Session x (played 2026-02-01)');
  });
});
