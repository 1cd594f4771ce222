import { NewsletterForm } from './NewsletterForm';
import { LandingSection } from './LandingSection';

const FEATURES = [
  { title: 'Campaigns, unlimited', text: 'Group sessions into campaigns and create as many campaigns as you need.' },
  { title: 'Share with your table', text: 'Share a campaign with other players by e-mail. They get read-only access.' },
  {
    title: 'Three summary lengths',
    text: 'Skim the brief summary before the next session or dive into the detailed one.',
  },
  {
    title: 'Plans that fit',
    text: 'Paid plans come with monthly audio hours, a free viewer tier exists, and Q&A chatbot access can be bought on its own.',
  },
];

/** What you get, plus a mid-page sign-up form. */
export function Features() {
  return (
    <LandingSection id="features" title="Built for campaigns" alt>
      <div className="feature-grid">
        {FEATURES.map((f) => (
          <article key={f.title} className="feature">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </article>
        ))}
      </div>
      <div className="cta-band">
        <p>Want a reminder when Questlog launches?</p>
        <NewsletterForm label="Launch reminder" buttonText="Remind Me" />
      </div>
    </LandingSection>
  );
}
