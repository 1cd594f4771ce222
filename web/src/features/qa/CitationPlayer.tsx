import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Pause, Play, X } from 'lucide-react';
import { clock } from '../../lib/clock';
import { citationHref, type Citation } from './chat';
import type { CurrentPassage } from './useCitationAudio';

interface Props {
  audio: RefObject<HTMLAudioElement | null>;
  current: CurrentPassage | null;
  playing: boolean;
  campaignId: string;
  onToggle: (citation: Citation, key: string) => void;
  onClose: () => void;
}

/**
 * The chat's small player: once a citation is played it shows which passage, how far into it the
 * audio is, a play/pause button, and the link that opens the passage in the archive. The <audio>
 * element is always there (hidden until a passage starts), so a chip can start it at once.
 */
export function CitationPlayer({ audio, current, playing, campaignId, onToggle, onClose }: Props) {
  const citation = current?.citation;
  const length = citation ? Math.max(citation.endMs - citation.startMs, 1) : 1;
  const into = citation && current ? Math.max(0, current.positionMs - citation.startMs) : 0;
  return (
    <div className="qa-player" role="region" aria-label="Passage player" hidden={!current}>
      <audio ref={audio} className="qa-citation-audio" preload="none" />
      {current && citation && (
        <>
          <button
            type="button"
            className="icon-button qa-player-toggle"
            aria-label={playing ? 'Pause passage' : 'Play passage'}
            onClick={() => onToggle(citation, current.key)}
          >
            {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
          </button>
          <div className="qa-player-what">
            <span className="qa-player-title">{citation.sessionTitle}</span>
            <span className="qa-player-time">
              {clock(current.positionMs)} <span className="muted">/ {clock(citation.endMs)}</span>
            </span>
            <progress
              className="qa-player-progress"
              max={length}
              value={Math.min(into, length)}
              aria-label="Position in the passage"
            />
          </div>
          <Link className="button button-secondary button-small" to={citationHref(citation, campaignId)}>
            Open in Archive
          </Link>
          <button type="button" className="icon-button" aria-label="Close player" onClick={onClose}>
            <X size={16} aria-hidden="true" />
          </button>
        </>
      )}
    </div>
  );
}
