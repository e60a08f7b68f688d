import { SiteHeader, type NavLink } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { HeroSection } from './components/hero-section';
import { AboutSection } from './components/about-section';
import { EligibilitySection } from './components/eligibility-section';
import { PlansSection } from './components/plans-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { TestimonialsSection } from './components/testimonials-section';
import { FaqSection } from './components/faq-section';
import { ContactSection } from './components/contact-section';
import { ClinicsSection } from './components/clinics-section';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const LINKS: NavLink[] = [
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#about', label: 'About' },
  { href: '#plans', label: 'Plans' },
  { href: '#faq', label: 'FAQ' },
  { href: '#contact', label: 'Contact' },
];

export function LandingPage() {
  useScrollToHash();
  return (
    <>
      <SiteHeader links={LINKS} />
      <main id="main">
        <HeroSection />
        <EligibilitySection />
        <AboutSection />
        <PlansSection />
        <HowItWorksSection />
        <TestimonialsSection />
        <FaqSection />
        <ContactSection />
        <ClinicsSection />
      </main>
      <SiteFooter />
    </>
  );
}
