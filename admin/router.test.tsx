// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Link, navigate, usePathname } from './router'

function Where() {
  return <p>{usePathname()}</p>
}

describe('router', () => {
  afterEach(() => {
    cleanup()
    window.history.replaceState(null, '', '/')
  })

  it('follows a link in the page, without a reload, and follows the back button', () => {
    window.history.replaceState(null, '', '/admin')
    render(
      <>
        <Where />
        <Link href="/admin/livraisons">Livraisons</Link>
      </>,
    )
    expect(screen.getByText('/admin')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Livraisons' })
    expect(fireEvent.click(link)).toBe(false)
    expect(window.location.pathname).toBe('/admin/livraisons')
    expect(screen.getByText('/admin/livraisons')).toBeInTheDocument()

    act(() => {
      window.history.replaceState(null, '', '/admin')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(screen.getByText('/admin')).toBeInTheDocument()
  })

  it('leaves a modified or middle click to the browser (a new tab)', () => {
    window.history.replaceState(null, '', '/admin')
    render(<Link href="/admin/entonnoir">Entonnoir</Link>)
    const link = screen.getByRole('link', { name: 'Entonnoir' })
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true)
    expect(fireEvent.click(link, { button: 1 })).toBe(true)
    expect(window.location.pathname).toBe('/admin')
    act(() => navigate('/admin/donnees'))
    expect(window.location.pathname).toBe('/admin/donnees')
  })
})
