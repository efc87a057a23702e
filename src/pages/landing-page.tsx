import { Faq } from '@/sections/faq'
import { FinalCta } from '@/sections/final-cta'
import { FreeGuarantee } from '@/sections/free-guarantee'
import { Hero } from '@/sections/hero'
import { HowItWorks } from '@/sections/how-it-works'
import { RightsAndActivity } from '@/sections/rights-and-activity'
import { SimulationFormSection } from '@/sections/simulation-form-section'
import { SiteFooter } from '@/sections/site-footer'
import { SiteHeader } from '@/sections/site-header'
import { Trust } from '@/sections/trust'

/** The landing page, its sections in the order of SPEC §2. */
export function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main id="contenu">
        <Hero />
        <SimulationFormSection />
        <HowItWorks />
        <Trust />
        <FreeGuarantee />
        <Faq />
        <RightsAndActivity />
        <FinalCta />
      </main>
      <SiteFooter />
    </>
  )
}
