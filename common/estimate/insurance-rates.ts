/**
 * The rates table behind the savings estimate, with the published source of every figure.
 * Rates are yearly, in basis points (1 = 0.01 %) of the amount borrowed, per person insured at
 * 100 %, for a non-smoker with a standard profile. Integers on purpose: with decimals,
 * 0.26 − 0.20 is 0.0599…, and a total rounded down to 100 € would lose 100 €.
 *
 * Why these figures and what they leave out: docs/decisions/0005-savings-estimate.md. Review the
 * table every six months and change `rateTableVersion` with it: leads carry the version they were
 * estimated with.
 */

/** Names the table's version in every lead's `simulation.bareme`: the date it was checked. */
export const rateTableVersion = '2026-11-22'

export type RateSourceId =
  | 'ccsf2024'
  | 'magnoliaBarometer'
  | 'meilleurtauxExamples'
  | 'helloPretByAge'
  | 'gagneznetAverage'
  | 'comparateurByAge'
  | 'franceEpargneByAge'

export interface RateSource {
  title: string
  publisher: string
  url: string
  /** Publication date as the page gives it, or the period its figures describe. */
  date: string
  /** How much weight the figure can bear: a regulator's study, a broker's own files, a comparison site. */
  kind: 'étude officielle' | 'courtier' | 'site comparatif'
}

/** Every page a figure of the table comes from, read on 22 November 2026. */
export const rateSources = {
  ccsf2024: {
    title:
      'Assurance emprunteur\u00a0: combien pouvez-vous gagner en changeant d’assureur (résumé du bilan de la loi Lemoine par le CCSF, 15 janvier 2024)',
    publisher: 'Mingzi',
    url: 'https://mingzi.fr/mingzi-actualites/assurance-emprunteur-combien-pouvez-vous-gagner-en-changeant-dassureur',
    date: '30 mars 2024',
    kind: 'étude officielle',
  },
  magnoliaBarometer: {
    title: 'Baromètre du pouvoir d’achat immobilier (septembre 2023, mars et juin 2024)',
    publisher: 'Magnolia',
    url: 'https://www.magnolia.fr/actualites/assurance-emprunteur/barometre-pouvoir-achat-immobilier-septembre-2023',
    date: 'septembre 2023 – juin 2024',
    kind: 'courtier',
  },
  meilleurtauxExamples: {
    title: 'Exemples chiffrés d’économies (profils de 33 et 36 ans)',
    publisher: 'Meilleurtaux',
    url: 'https://www.meilleurtaux.com/lexique-du-credit-et-de-l-assurance/d/duree-ferme-sans-tacite-reconduction.html',
    date: 'tarifs du 19 juin 2020 et de 2022',
    kind: 'courtier',
  },
  helloPretByAge: {
    title: 'Quel est le taux d’assurance d’un prêt immobilier en fonction de l’âge\u00a0?',
    publisher: 'HelloPrêt',
    url: 'https://www.hellopret.fr/assurance-pret-immobilier/taux-d-assurance-pret-immobilier-en-fonction-de-l-age',
    date: 'non datée, lue le 22 novembre 2026',
    kind: 'site comparatif',
  },
  gagneznetAverage: {
    title: 'Assurance emprunteur\u00a0: découvrir le taux moyen en France',
    publisher: 'Gagneznet',
    url: 'https://www.gagneznet.info/assurance-emprunteur-decouvrir-le-taux-moyen-en-france',
    date: '2025',
    kind: 'site comparatif',
  },
  comparateurByAge: {
    title: 'Taux assurance prêt immobilier 2025\u00a0: tarifs par âge et profil',
    publisher: 'comparateur-assurance-pret.fr',
    url: 'https://comparateur-assurance-pret.fr/assurance-pret-immobilier/taux',
    date: '2025',
    kind: 'site comparatif',
  },
  franceEpargneByAge: {
    title: 'Taux assurance prêt par âge',
    publisher: 'France Épargne',
    url: 'https://www.france-epargne.fr/academy/assurance-emprunteur/taux-assurance-pret-par-age',
    date: '2025',
    kind: 'site comparatif',
  },
} as const satisfies Record<RateSourceId, RateSource>

/** One bound of a range, and the sources it rests on. */
export interface Rate {
  bp: number
  sources: readonly RateSourceId[]
}

export interface RateBand {
  /** Current age, inclusive bounds. */
  minAge: number
  maxAge: number
  /** Bank group contracts; `null` where no public figure exists (the visitor's premium is needed). */
  bank: { low: Rate; high: Rate } | null
  /** Individual contracts taken out today (délégation d'assurance). */
  individual: { low: Rate; high: Rate }
  /** Bands resting on comparison sites only, shown as such next to the figures. */
  weak: boolean
}

const rate = (bp: number, ...sources: RateSourceId[]): Rate => ({ bp, sources })

export const rateBands: readonly RateBand[] = [
  {
    minAge: 18,
    maxAge: 29,
    bank: { low: rate(19, 'ccsf2024'), high: rate(34, 'magnoliaBarometer') },
    individual: {
      low: rate(7, 'helloPretByAge', 'magnoliaBarometer'),
      high: rate(15, 'comparateurByAge'),
    },
    weak: false,
  },
  {
    minAge: 30,
    maxAge: 39,
    bank: {
      low: rate(26, 'meilleurtauxExamples'),
      high: rate(36, 'helloPretByAge', 'magnoliaBarometer'),
    },
    individual: {
      low: rate(9, 'magnoliaBarometer'),
      high: rate(20, 'comparateurByAge', 'meilleurtauxExamples'),
    },
    weak: false,
  },
  {
    minAge: 40,
    maxAge: 49,
    bank: {
      low: rate(36, 'helloPretByAge'),
      high: rate(55, 'helloPretByAge', 'gagneznetAverage'),
    },
    individual: { low: rate(16, 'comparateurByAge'), high: rate(40, 'comparateurByAge') },
    weak: true,
  },
  {
    minAge: 50,
    maxAge: 59,
    bank: {
      low: rate(45, 'helloPretByAge'),
      high: rate(65, 'helloPretByAge', 'franceEpargneByAge'),
    },
    individual: { low: rate(30, 'comparateurByAge'), high: rate(65, 'comparateurByAge') },
    weak: true,
  },
  {
    minAge: 60,
    maxAge: 85,
    bank: null,
    individual: { low: rate(50, 'comparateurByAge'), high: rate(100, 'comparateurByAge') },
    weak: true,
  },
]
