// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { callbackAnchorId, simulationFormId } from '../../../common/routes/anchors'
import { siteConfig } from '../../../common/site-config/site-config'
import { leadFormCopy } from '../../../common/lead/lead-form-copy'
import { publishSimulation } from '@/features/estimate/estimate-store'
import { simulationOf } from '../../../common/lead/lead-contract'
import {
  leadFieldMaxLength,
  leadFieldNames,
  leadMessages,
  type LeadFieldName,
} from '../../../common/lead/lead-schema'
import { LeadForm } from '@/features/lead/lead-form'

type FetchMock = Mock<typeof fetch>

/** Testing Library matches text with non-breaking spaces read as plain ones. */
const spaced = (text: string) => text.replaceAll('\u00a0', ' ')

const requiredMessages: Record<LeadFieldName, string> = {
  nom: leadMessages.nomRequired,
  prenom: leadMessages.prenomRequired,
  email: leadMessages.emailRequired,
  telephone: leadMessages.telephoneRequired,
}

const typedValues: Record<LeadFieldName, string> = {
  nom: '  Lefèvre-Dupont ',
  prenom: 'Zoé',
  email: 'zoe.lefevre@example.fr',
  telephone: '06 12 34 56 78',
}

function input(name: LeadFieldName): HTMLInputElement {
  return screen.getByLabelText(leadFormCopy.fields[name].label) as HTMLInputElement
}

function consentBox(): HTMLInputElement {
  return screen.getByRole('checkbox') as HTMLInputElement
}

function submitButton(): HTMLButtonElement {
  return screen.getByRole('button') as HTMLButtonElement
}

async function fillValidLead(user: UserEvent, { consent = true } = {}) {
  for (const name of leadFieldNames) await user.type(input(name), typedValues[name])
  if (consent) await user.click(consentBox())
}

function okResponse(status = 200): Response {
  return new Response(null, { status })
}

function stubFetch(implementation: typeof fetch): FetchMock {
  const fetchMock: FetchMock = vi.fn(implementation)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** A fetch that stays pending until the test settles it. */
function stubPendingFetch() {
  let settle: (response: Response) => void = () => undefined
  const fetchMock = stubFetch(
    () =>
      new Promise<Response>((resolve) => {
        settle = resolve
      }),
  )
  return { fetchMock, settle: (response: Response) => settle(response) }
}

function messageElement(text: string): HTMLElement {
  return screen.getByText(text)
}

function expectFieldError(field: HTMLInputElement, message: string) {
  const element = messageElement(message)
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(element.id).not.toBe('')
  expect(field.getAttribute('aria-describedby')?.split(/\s+/)).toContain(element.id)
  expect(field).toHaveAccessibleDescription(message)
  // The red border is drawn by `.form-input[aria-invalid='true']` (styles.css); the browser tests
  // check the colour itself, which jsdom cannot compute.
  expect(field).toHaveClass('form-input')
}

function expectNoFieldError(field: HTMLInputElement) {
  expect(field).not.toHaveAttribute('aria-invalid')
}

let user: UserEvent

beforeEach(() => {
  user = userEvent.setup()
  delete window.fbq
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  delete window.fbq
  publishSimulation(undefined)
})

describe('LeadForm: markup', () => {
  it('renders the four labelled inputs with their payload name, required and autofill hints', () => {
    render(<LeadForm />)
    const expected: Record<LeadFieldName, { label: string; autoComplete: string }> = {
      nom: { label: 'Nom', autoComplete: 'family-name' },
      prenom: { label: 'Prénom', autoComplete: 'given-name' },
      email: { label: 'Email', autoComplete: 'email' },
      telephone: { label: 'Téléphone', autoComplete: 'tel-national' },
    }
    for (const name of leadFieldNames) {
      const field = screen.getByLabelText(expected[name].label)
      expect(field).toHaveAttribute('name', name)
      expect(field).toBeRequired()
      expect(field).toHaveAttribute('autocomplete', expected[name].autoComplete)
      expect(field).toHaveValue('')
      expectNoFieldError(field as HTMLInputElement)
    }
    expect(screen.getAllByRole('textbox')).toHaveLength(4)
  })

  it('gives the phone input type tel and inputmode tel, and the email input type email', () => {
    render(<LeadForm />)
    expect(input('telephone')).toHaveAttribute('type', 'tel')
    expect(input('telephone')).toHaveAttribute('inputmode', 'tel')
    expect(input('email')).toHaveAttribute('type', 'email')
  })

  it('renders a required, unticked consent checkbox naming who will call and their ORIAS number', () => {
    render(<LeadForm />)
    const box = consentBox()
    expect(box).not.toBeChecked()
    expect(box).toBeRequired()
    expect(box).toHaveAttribute('name', 'consentement')
    expect(box).toHaveAccessibleName(leadFormCopy.consentLabel)
    expect(leadFormCopy.consentLabel).toContain(siteConfig.company.legalName)
    expect(leadFormCopy.consentLabel).toContain(siteConfig.company.orias)
    expect(leadFormCopy.consentLabel).toMatch(/économies possibles sur mon assurance de prêt/)
  })
})

describe('LeadForm: submit button availability', () => {
  it('is disabled while the form is empty', () => {
    render(<LeadForm />)
    expect(submitButton()).toBeDisabled()
    expect(submitButton()).toHaveTextContent(leadFormCopy.submit)
  })

  it('stays disabled when every field is valid but consent is not ticked', async () => {
    render(<LeadForm />)
    await fillValidLead(user, { consent: false })
    expect(submitButton()).toBeDisabled()
  })

  it('becomes enabled once every field is valid and consent is ticked', async () => {
    render(<LeadForm />)
    await fillValidLead(user)
    expect(submitButton()).toBeEnabled()
  })

  it('is disabled again when consent is unticked', async () => {
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(consentBox())
    expect(submitButton()).toBeDisabled()
  })

  it.each([
    ['nom', '   '],
    ['email', 'x@y'],
    ['telephone', '06.12.34.56.78'],
    ['telephone', '+33612345678'],
  ] as const)('is disabled when %s holds %j', async (name, value) => {
    render(<LeadForm />)
    await fillValidLead(user)
    await user.clear(input(name))
    await user.type(input(name), value)
    expect(submitButton()).toBeDisabled()
  })
})

describe('LeadForm: field validation on blur', () => {
  it.each(leadFieldNames)(
    'shows the required message when %s is left empty, tied by aria-describedby',
    async (name) => {
      render(<LeadForm />)
      await user.click(input(name))
      await user.tab()
      expectFieldError(input(name), requiredMessages[name])
    },
  )

  it('shows the SPEC messages literally for empty fields', async () => {
    render(<LeadForm />)
    for (const name of leadFieldNames) {
      await user.click(input(name))
      await user.tab()
    }
    expect(screen.getByText('Le nom est obligatoire')).toBeInTheDocument()
    expect(screen.getByText('Le prénom est obligatoire')).toBeInTheDocument()
    expect(screen.getByText("L'email est obligatoire")).toBeInTheDocument()
    expect(screen.getByText('Le téléphone est obligatoire')).toBeInTheDocument()
  })

  it.each([
    ['email', 'x@y', "Format d'email invalide"],
    ['email', 'x@@y.z', "Format d'email invalide"],
    ['telephone', '06.12.34.56.78', 'Format invalide (10 chiffres commençant par 0)'],
    ['telephone', '061234567', 'Format invalide (10 chiffres commençant par 0)'],
  ] as const)('shows the format message when %s holds %j', async (name, value, message) => {
    render(<LeadForm />)
    await user.type(input(name), value)
    await user.tab()
    expectFieldError(input(name), message)
  })

  it('shows a blank name (spaces only) as missing', async () => {
    render(<LeadForm />)
    await user.type(input('nom'), '   ')
    await user.tab()
    expectFieldError(input('nom'), leadMessages.nomRequired)
  })

  it('shows a name made only of invisible characters as missing', async () => {
    render(<LeadForm />)
    await user.type(input('prenom'), '\u200b\u00ad\u200e')
    await user.tab()
    expectFieldError(input('prenom'), leadMessages.prenomRequired)
  })

  it.each(leadFieldNames)('shows no message when %s is valid', async (name) => {
    render(<LeadForm />)
    await user.type(input(name), typedValues[name])
    await user.tab()
    expectNoFieldError(input(name))
    expect(screen.queryByText(requiredMessages[name])).not.toBeInTheDocument()
  })

  it('shows the consent message when the box is left unticked', async () => {
    render(<LeadForm />)
    await user.click(consentBox())
    await user.click(consentBox())
    await user.tab()
    const box = consentBox()
    const element = messageElement(leadMessages.consentRequired)
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box.getAttribute('aria-describedby')?.split(/\s+/)).toContain(element.id)
  })
})

describe('LeadForm: clearing errors', () => {
  it('clears a field error as soon as the visitor types in that field', async () => {
    render(<LeadForm />)
    await user.click(input('nom'))
    await user.tab()
    expectFieldError(input('nom'), leadMessages.nomRequired)
    await user.type(input('nom'), 'M')
    expect(screen.queryByText(leadMessages.nomRequired)).not.toBeInTheDocument()
    expectNoFieldError(input('nom'))
    expect(input('nom')).not.toHaveAttribute('aria-describedby', 'field-nom-error')
  })

  it('clears a format error while typing, before the next blur', async () => {
    render(<LeadForm />)
    await user.type(input('telephone'), '06-12')
    await user.tab()
    expectFieldError(input('telephone'), leadMessages.telephoneFormat)
    await user.type(input('telephone'), '3')
    expect(screen.queryByText(leadMessages.telephoneFormat)).not.toBeInTheDocument()
  })

  it('keeps the errors of the other fields while typing in one', async () => {
    render(<LeadForm />)
    await user.click(input('nom'))
    await user.click(input('prenom'))
    await user.tab()
    await user.type(input('nom'), 'Martin')
    expect(screen.queryByText(leadMessages.nomRequired)).not.toBeInTheDocument()
    expectFieldError(input('prenom'), leadMessages.prenomRequired)
  })

  it('clears the consent error when the box is ticked', async () => {
    render(<LeadForm />)
    await user.click(consentBox())
    await user.click(consentBox())
    await user.tab()
    expect(screen.getByText(leadMessages.consentRequired)).toBeInTheDocument()
    await user.click(consentBox())
    expect(screen.queryByText(leadMessages.consentRequired)).not.toBeInTheDocument()
    expect(consentBox()).not.toHaveAttribute('aria-invalid')
  })
})

describe('LeadForm: submit attempt with invalid data', () => {
  it('shows every message, focuses the first invalid field and sends nothing', async () => {
    const fetchMock = stubFetch(async () => okResponse())
    render(<LeadForm />)
    await user.type(input('nom'), 'Martin')
    fireEvent.submit(screen.getByRole('form'))
    expect(await screen.findByText(leadMessages.prenomRequired)).toBeInTheDocument()
    expect(screen.getByText(leadMessages.emailRequired)).toBeInTheDocument()
    expect(screen.getByText(leadMessages.telephoneRequired)).toBeInTheDocument()
    expect(screen.getByText(leadMessages.consentRequired)).toBeInTheDocument()
    expect(screen.queryByText(leadMessages.nomRequired)).not.toBeInTheDocument()
    expect(input('prenom')).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('LeadForm: successful submission', () => {
  it('posts the lead once to /api/leads with the normalised payload and consent proof', async () => {
    const fetchMock = stubFetch(async () => okResponse())
    const before = Date.now()
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    await screen.findByText(leadFormCopy.confirmation.title)

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/leads')
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json')
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>
    expect(body).toStrictEqual({
      nom: 'Lefèvre-Dupont',
      prenom: 'Zoé',
      email: 'zoe.lefevre@example.fr',
      telephone: '0612345678',
      source: 'facebook_ads',
      page_url: window.location.href,
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      consentement: true,
      consentement_texte: leadFormCopy.consentLabel,
      consentement_publicite: false,
      rappel_prefere: 'des_que_possible',
    })
    const sentAt = Date.parse(String(body.timestamp))
    expect(sentAt).toBeGreaterThanOrEqual(before - 1)
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 1)
  })

  it('sends the chosen callback time and repeats it in the confirmation', async () => {
    const fetchMock = stubFetch(async () => okResponse())
    render(<LeadForm />)
    await fillValidLead(user)
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Quand préférez-vous être rappelé/ }),
      'apres_midi',
    )
    await user.click(submitButton())
    await screen.findByText(leadFormCopy.confirmation.title)
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>
    expect(body.rappel_prefere).toBe('apres_midi')
    expect(
      screen.getByText(
        spaced(
          'Rappel souhaité\u00a0: l’après-midi (14\u00a0h – 17\u00a0h), du lundi au vendredi.',
        ),
      ),
    ).toBeInTheDocument()
  })

  it('sends the estimate shown, and recalls it in the confirmation', async () => {
    const simulation = simulationOf({
      amount: 200_000,
      yearsLeft: 20,
      age: 32,
      monthlyPremium: null,
      insured: 'seul',
    })
    publishSimulation(simulation)
    const fetchMock = stubFetch(async () => okResponse())
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    await screen.findByText(leadFormCopy.confirmation.title)
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>
    expect(body.simulation).toStrictEqual(simulation)
    expect(
      screen.getByText(
        spaced(
          'Votre estimation\u00a0: entre 2\u00a0400\u00a0€ et 10\u00a0800\u00a0€ sur 20\u00a0ans (indicative, non contractuelle).',
        ),
      ),
    ).toBeInTheDocument()
  })

  it('sends no simulation key when no estimate is shown', async () => {
    publishSimulation(undefined)
    const fetchMock = stubFetch(async () => okResponse())
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    await screen.findByText(leadFormCopy.confirmation.title)
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>
    expect(body).not.toHaveProperty('simulation')
  })

  it('replaces the form with the confirmation and its three badges', async () => {
    stubFetch(async () => okResponse())
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())

    expect(await screen.findByText('Votre demande est enregistrée.')).toBeInTheDocument()
    expect(screen.getByText(leadFormCopy.confirmation.text)).toBeInTheDocument()
    expect(leadFormCopy.confirmation.text).toMatch(/48 heures/)
    const badges = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(badges).toEqual(['Gratuit', 'Sans engagement', 'Données sécurisées'])
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })

  it.each([201, 204])('treats HTTP %i as a success', async (status) => {
    stubFetch(async () => okResponse(status))
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    expect(await screen.findByText(leadFormCopy.confirmation.title)).toBeInTheDocument()
  })

  it("fires the pixel's 'Lead' event once when window.fbq exists, with the payload's event_id", async () => {
    const fetchMock = stubFetch(async () => okResponse())
    const fbq = vi.fn()
    window.fbq = fbq
    render(<LeadForm />)
    await fillValidLead(user)
    expect(fbq).not.toHaveBeenCalled()
    await user.click(submitButton())
    await screen.findByText(leadFormCopy.confirmation.title)
    expect(fbq).toHaveBeenCalledTimes(1)
    const payload = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as {
      event_id?: string
      consentement_publicite?: boolean
    }
    expect(payload.event_id).toMatch(/^[\w-]{8,}$/)
    expect(payload.consentement_publicite).toBe(true)
    expect(fbq).toHaveBeenCalledWith('track', 'Lead', {}, { eventID: payload.event_id })
  })

  it('succeeds without error when there is no pixel on the page', async () => {
    stubFetch(async () => okResponse())
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    expect(await screen.findByText(leadFormCopy.confirmation.title)).toBeInTheDocument()
    expect(window.fbq).toBeUndefined()
  })

  it('scrolls to the form’s heading in its section 100 ms after success, not to the estimate above', async () => {
    let answeredAt = 0
    stubFetch(async () => {
      answeredAt = performance.now()
      return okResponse()
    })
    render(
      <section id={simulationFormId}>
        <div>L’estimation, haute sur un téléphone</div>
        <h3 id={callbackAnchorId}>Être rappelé(e)</h3>
        <LeadForm />
      </section>,
    )
    await fillValidLead(user)
    const formHeading = document.getElementById(callbackAnchorId)
    const headingScrolls: number[] = []
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value(this: Element) {
        if (this === formHeading) headingScrolls.push(performance.now())
      },
      configurable: true,
      writable: true,
    })
    try {
      await user.click(submitButton())
      await screen.findByText(leadFormCopy.confirmation.title)
      await waitFor(() => expect(headingScrolls).toHaveLength(1))
      expect((headingScrolls[0] ?? 0) - answeredAt).toBeGreaterThanOrEqual(90)
    } finally {
      if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original)
      else delete (Element.prototype as Partial<Element>).scrollIntoView
    }
  })
})

describe('LeadForm: failed submission', () => {
  it.each([
    ['HTTP 500', async () => okResponse(500)],
    ['HTTP 404', async () => okResponse(404)],
    [
      'a network error',
      async () => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ] as const)(
    'on %s shows the general error, logs it and keeps the typed data',
    async (_label, implementation) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
      stubFetch(implementation)
      window.fbq = vi.fn()
      render(<LeadForm />)
      await fillValidLead(user)
      await user.click(submitButton())

      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(
        'Une erreur est survenue. Merci de réessayer dans un instant.',
      )
      expect(alert).toHaveTextContent(leadFormCopy.generalError)
      expect(consoleError).toHaveBeenCalled()
      expect(screen.queryByText(leadFormCopy.confirmation.title)).not.toBeInTheDocument()
      expect(window.fbq).not.toHaveBeenCalled()
      for (const name of leadFieldNames) {
        const typed = name === 'email' ? typedValues.email.trim() : typedValues[name]
        expect(input(name)).toHaveValue(typed)
      }
      expect(consentBox()).toBeChecked()
      expect(submitButton()).toBeEnabled()
      expect(submitButton()).toHaveTextContent(leadFormCopy.submit)
    },
  )

  it('on a 400 naming fields, marks each with its message, focuses the first and keeps the data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fields = { email: 'Adresse refusée', page_url: 'Expected an absolute http(s) URL' }
    stubFetch(
      async () => new Response(JSON.stringify({ error: 'Invalid lead', fields }), { status: 400 }),
    )
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())

    await waitFor(() => expectFieldError(input('email'), 'Adresse refusée'))
    expect(input('email')).toHaveFocus()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(fields.page_url)).not.toBeInTheDocument()
    expect(input('email')).toHaveValue(typedValues.email)
    expect(consentBox()).toBeChecked()
    // The same address would only be refused again: the button waits for a correction.
    expect(submitButton()).toBeDisabled()
    await user.type(input('email'), 'r')
    expectNoFieldError(input('email'))
    expect(submitButton()).toBeEnabled()
  })

  it.each([
    ['naming no field of the form', JSON.stringify({ fields: { page_url: 'Expected a URL' } })],
    ['that is not JSON', 'Bad Request'],
  ])('on a 400 %s, shows the general error', async (_label, body) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubFetch(async () => new Response(body, { status: 400 }))
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(leadFormCopy.generalError)
    expect(submitButton()).toBeEnabled()
  })

  it('limits each field to the relay’s number of characters', () => {
    render(<LeadForm />)
    for (const name of leadFieldNames) {
      expect(input(name)).toHaveAttribute('maxlength', String(leadFieldMaxLength))
    }
  })

  it('lets the visitor retry after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchMock = stubFetch(async () => okResponse(500))
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    await screen.findByRole('alert')
    fetchMock.mockImplementation(async () => okResponse(200))
    await user.click(submitButton())
    expect(await screen.findByText(leadFormCopy.confirmation.title)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('clears the general error when the visitor types in a field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubFetch(async () => okResponse(500))
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())
    await screen.findByRole('alert')
    await user.type(input('prenom'), 'e')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('LeadForm: while submitting', () => {
  it("reads 'Envoi en cours...' and is disabled until the answer arrives", async () => {
    const { settle } = stubPendingFetch()
    render(<LeadForm />)
    await fillValidLead(user)
    await user.click(submitButton())

    expect(submitButton()).toHaveTextContent('Envoi en cours...')
    expect(submitButton()).toHaveTextContent(leadFormCopy.submitting)
    expect(submitButton()).toBeDisabled()

    await act(async () => settle(okResponse()))
    expect(await screen.findByText(leadFormCopy.confirmation.title)).toBeInTheDocument()
  })

  it('sends the lead only once on a double click', async () => {
    const { fetchMock, settle } = stubPendingFetch()
    render(<LeadForm />)
    await fillValidLead(user)
    await user.dblClick(submitButton())
    fireEvent.submit(screen.getByRole('form'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => settle(okResponse()))
    await screen.findByText(leadFormCopy.confirmation.title)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
