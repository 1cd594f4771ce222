import { LandingSection } from './LandingSection';

const STEPS = [
  { title: 'Record or upload', text: 'Use audio from a laptop or a phone. Any voice recorder works.' },
  {
    title: 'We transcribe it',
    text: 'An AI transcribes the session and filters out table talk. Processing takes about 1-4 minutes and runs in the background.',
  },
  { title: 'Read the summaries', text: 'Get brief, moderate and detailed summaries, and keep the full transcript.' },
  {
    title: 'Ask about it',
    text: 'Ask the Q&A chatbot about one session or a whole campaign; it answers from your notes.',
  },
];

/** The four steps from audio to answers. */
export function HowItWorks() {
  return (
    <LandingSection id="how-it-works" title="How it works">
      <ol className="steps">
        {STEPS.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
