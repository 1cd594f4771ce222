import { Faq } from './Faq';
import { Features } from './Features';
import { Footer } from './Footer';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingTopBar } from './LandingTopBar';
import { LaunchVideo } from './LaunchVideo';
import './landing.css';

/** / : the public marketing page. */
export function LandingPage() {
  return (
    <div className="landing">
      <LandingTopBar />
      <main>
        <Hero />
        <HowItWorks />
        <Features />
        <LaunchVideo />
        <Faq />
      </main>
      <Footer />
    </div>
  );
}
