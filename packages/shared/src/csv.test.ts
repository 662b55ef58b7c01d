import { describe, expect, test } from 'vitest'
import { buildCsv, escapeCsvCell } from './csv.js'

describe('CSV', () => {
  test.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])(
    'a text cell starting like a formula (%j) is defused with an apostrophe',
    (cell) => {
      expect(escapeCsvCell(cell)).toBe(`'${cell}`)
    },
  )

  test('ordinary text and numbers, negative ones included, are left alone', () => {
    expect(escapeCsvCell('dentist austin')).toBe('dentist austin')
    expect(escapeCsvCell(-3)).toBe(-3)
    expect(escapeCsvCell(null)).toBe('')
  })

  test('quotes commas, quotes and line breaks, with CRLF rows', () => {
    expect(
      buildCsv(
        ['A', 'B'],
        [
          ['x, y', 'say "hi"'],
          ['=1', 2],
        ],
      ),
    ).toBe('A,B\r\n"x, y","say ""hi"""\r\n\'=1,2\r\n')
  })

  test("works without Node's Buffer, as in the browser", () => {
    const scope = globalThis as Record<string, unknown>
    const buffer = scope.Buffer
    delete scope.Buffer
    try {
      expect(buildCsv(['A'], [['x']])).toBe('A\r\nx\r\n')
    } finally {
      scope.Buffer = buffer
    }
  })
})
