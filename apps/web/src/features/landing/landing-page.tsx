import { useLingui } from '@lingui/react';
import { SiteHeader } from '@/components/layout/site-header';
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
import { useCatalogs } from '@/lib/i18n';

/** The landing page's catalogues: fetched with the entry on a first load (app/router.tsx). */
export const LANDING_NAMESPACES = ['landing'];

export function LandingPage() {
  useCatalogs(LANDING_NAMESPACES);
  useScrollToHash();
  const { _ } = useLingui();
  const links = [
    { href: '#how-it-works', label: _('landing.nav.howItWorks') },
    { href: '#about', label: _('landing.nav.about') },
    { href: '#plans', label: _('landing.nav.plans') },
    { href: '#faq', label: _('landing.nav.faq') },
    { href: '#contact', label: _('landing.nav.contact') },
  ];
  return (
    <>
      <SiteHeader links={links} />
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
