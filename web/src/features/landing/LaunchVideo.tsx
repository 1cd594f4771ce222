import { env } from '../../config/env';
import { LandingSection } from './LandingSection';

/** The launch video embed; without a configured video the slot says what will appear there. */
export function LaunchVideo() {
  return (
    <LandingSection id="launch-video" title="Launch video">
      <div className="video-slot">
        {env.launchVideoEmbedUrl ? (
          <iframe
            src={env.launchVideoEmbedUrl}
            title="Questlog launch video"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <p className="video-slot-empty">The launch video will be shown here once it is published.</p>
        )}
      </div>
    </LandingSection>
  );
}
