import { NewsletterForm } from './NewsletterForm';

/** The opening pitch, straight from what the product does (docs/product.md#who-it-is-for). */
export function Hero() {
  return (
    <section className="hero">
      <div className="hero-inner">
        <p className="eyebrow">For players and game masters</p>
        <h1>Every session remembered.</h1>
        <p className="hero-lead">
          Record or upload your tabletop session audio. Questlog transcribes it, filters out the table talk, writes
          brief, moderate and detailed summaries, and lets you ask an AI chatbot about a session or your whole campaign.
        </p>
        <NewsletterForm label="Get launch news" buttonText="Get Launch News" tone="dark" />
        <p className="hero-note">Be the first to hear when the crowdfunding campaign launches.</p>
      </div>
    </section>
  );
}
