import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { MethodsScreen } from './methods-screen'

function renderAt(path = '/methods') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MethodsScreen />
    </MemoryRouter>,
  )
}

const section = (id: string) => {
  const element = document.getElementById(id)
  if (!element) throw new Error(`no section #${id}`)
  return element
}

describe('Methods', () => {
  test('one section per formula, each with its id and heading, listed at the top', () => {
    renderAt()
    expect(
      screen.getByRole('heading', { level: 1, name: 'How LocalSEO AI computes its figures' }),
    ).toBeInTheDocument()
    const sections = [
      ['average-rank', 'Average rank'],
      ['top-3-share', 'Top-3 share'],
      ['share-of-local-voice', 'Share of local voice'],
      ['competitor-figures', 'Competitors’ figures'],
      ['reviews-per-month', 'Reviews per month'],
      ['local-seo-score', 'Local SEO score'],
    ]
    for (const [id, title] of sections) {
      expect(within(section(id!)).getByRole('heading', { name: title })).toBeInTheDocument()
    }
    const nav = screen.getByRole('navigation', { name: 'Figures on this page' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(sections.map(([id]) => `#${id}`))
  })

  test('the worked examples are the figures the shared functions give (as in their tests)', () => {
    renderAt()
    // (1 + 2 + 5 + 12 + 21) / 5 = 8.2.
    expect(section('average-rank')).toHaveTextContent('(1 + 2 + 5 + 12 + 21) ÷ 5 = 8.2')
    expect(section('average-rank')).toHaveTextContent('counts as 21')
    expect(section('top-3-share')).toHaveTextContent('2 ÷ 5 = 40%')
    // Map pack 2 / 5; weighted (1 + 0.8 + 0.2 + 0 + 0) / 5 = 0.4.
    expect(section('share-of-local-voice')).toHaveTextContent('Local Falcon’s definition')
    expect(section('share-of-local-voice')).toHaveTextContent(
      'Weighted: (1 + 0.8 + 0.2 + 0 + 0) ÷ 5 = 40%',
    )
    // A competitor over 10 searches: (2×1 + 3×4 + 5×21) / 10 = 11.9; 2 / 10; (2 + 0.6) / 10.
    expect(section('competitor-figures')).toHaveTextContent('÷ 10 = 11.9')
    expect(section('competitor-figures')).toHaveTextContent('2 ÷ 10 = 20%')
    expect(section('competitor-figures')).toHaveTextContent('(2 × 1 + 3 × 0.2) ÷ 10 = 26%')
    // 12 reviews over 91 / 30.44 months = 4.0 a month.
    expect(section('reviews-per-month')).toHaveTextContent('= 4.0 a month')
    // (18×80 + 18×70 + 26×50 + 7×60 + 9×100) / 78 = 5320 / 78 = 68.2, rounded 68.
    expect(section('local-seo-score')).toHaveTextContent(
      '(18 × 80 + 18 × 70 + 26 × 50 + 7 × 60 + 9 × 100) ÷ 78 = 5320 ÷ 78 = 68',
    )
  })

  test('the share of local voice states every weight', () => {
    renderAt()
    const table = within(section('share-of-local-voice')).getByRole('table', {
      name: 'Weight of each position',
    })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['11', '20.8', '30.6', '4–100.2', '11 or lower, or not found (21)0'])
  })

  test("the score's parts carry the code's weights and penalties", () => {
    renderAt()
    const table = within(section('local-seo-score')).getByRole('table', {
      name: 'Parts of the local SEO score',
    })
    const weights = Object.fromEntries(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => [header.textContent, header.nextElementSibling?.textContent]),
    )
    expect(weights).toEqual({
      'Website health': '18',
      'Local signals on your website': '18',
      Backlinks: '26',
      'Listings consistency': '7',
      'Business profile': '9',
    })
    expect(table).toHaveTextContent('critical 30, alert 15, warning 5')
    expect(section('local-seo-score')).toHaveTextContent('a starting value of 72')
    expect(section('local-seo-score')).toHaveTextContent('a total of 78, or 42 when')
  })

  test('a link to a section scrolls to it once the page has drawn', () => {
    const scrolled: string[] = []
    // jsdom has no scrollIntoView: give it one for this test only.
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: function (this: Element) {
        scrolled.push(this.id)
      },
    })
    try {
      renderAt('/methods#share-of-local-voice')
    } finally {
      if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original)
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
    }
    expect(scrolled).toEqual(['share-of-local-voice'])
  })
})
