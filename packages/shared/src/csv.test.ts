import { describe, expect, test } from 'vitest'
import { buildCsv, buildCsvRows, escapeCsvCell } from './csv.js'

describe('CSV', () => {
  test.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])(
    'a text cell starting like a formula (%j) is defused with an apostrophe',
    (cell) => {
      expect(escapeCsvCell(cell)).toBe(`'${cell}`)
    },
  )

  test.each([
    // Full-width and small forms that some spreadsheets fold into the ASCII triggers.
    '\uFF1DSUM(A1)',
    '\uFF0B1',
    '\uFF0D2+3',
    '\uFF20cmd',
    '\uFE66SUM(A1)',
    '\uFE621',
    '\uFE631',
    '\uFE6Bcmd',
    // Dynamic Data Exchange.
    "|cmd '/C calc'!A0",
    // After separators of a semicolon locale, whitespace a reader may trim, or an opening quote.
    ' =1+1',
    '\u00A0=1+1',
    '\u3000\uFF1D1+1',
    '"=1+1"',
  ])('a text cell starting like a formula after all (%j) is defused with an apostrophe', (cell) => {
    expect(escapeCsvCell(cell)).toBe(`'${cell}`)
  })

  test.each([
    [';=1+1', "';'=1+1"],
    [';;+1', "';;'+1"],
    ['; -2', "';' -2"],
    ['; \uFF1D1', "';' \uFF1D1"],
    [';|cmd', "';'|cmd"],
  ])(
    '%j: a semicolon-separated reading sees the formula too, so each part is defused',
    (cell, out) => {
      expect(escapeCsvCell(cell)).toBe(out)
    },
  )

  test.each([
    ['x\t=1+1', "x\t'=1+1"],
    ['x\t \t+1', "x\t' \t'+1"],
    ['x\t"@cmd"', `x\t'"@cmd"`],
    ['line 1\n=1+1', "line 1\n'=1+1"],
    ['line 1\r-2', "line 1\r'-2"],
    ['line 1\r\n\uFF1D1', "line 1\r\n'\uFF1D1"],
    ['a;\t=1', "a;'\t'=1"],
    ['\n=1+1', "'\n'=1+1"],
    ['\t=1+1', "'\t'=1+1"],
  ])(
    '%j: a reader that splits at tabs or line breaks sees the formula too, so each part is defused',
    (cell, out) => {
      expect(escapeCsvCell(cell)).toBe(out)
    },
  )

  test('a formula after a tab or a line break inside a cell gets its own apostrophe there', () => {
    const cell = 'Smile Dental\t=HYPERLINK("http://evil.example")\r\n@SUM(A1)'
    const line = buildCsvRows([['x', cell]])
    // Quoted for the line breaks, with its quotes doubled, so a comma reader keeps it whole.
    expect(line).toBe(`x,"Smile Dental\t'=HYPERLINK(""http://evil.example"")\r\n'@SUM(A1)"\r\n`)
    // A reader splitting the cell at its tabs and line breaks makes cells that all start as text.
    for (const part of escapeCsvCell(cell)
      .toString()
      .split(/\r\n|[\t\r\n]/)
      .slice(1)) {
      expect(part.startsWith("'")).toBe(true)
    }
    // Tabs and line breaks before ordinary text are left alone.
    expect(escapeCsvCell('Mon\tTue\nWed - Fri')).toBe('Mon\tTue\nWed - Fri')
  })

  test('a formula after a semicolon inside a cell gets its own apostrophe there', () => {
    expect(escapeCsvCell('Smile Dental;=HYPERLINK("http://evil.example")')).toBe(
      `Smile Dental;'=HYPERLINK("http://evil.example")`,
    )
    expect(escapeCsvCell('a; @x;b;\uFF0B1')).toBe("a;' @x;b;'\uFF0B1")
    expect(escapeCsvCell('a;"=1"')).toBe(`a;'"=1"`)
    // In a semicolon locale that line splits into cells that all start as text.
    const line = buildCsvRows([['x', escapeCsvCell('a;=1;+2')]])
    for (const part of line.trimEnd().split(';').slice(1)) expect(part.startsWith("'")).toBe(true)
  })

  test('ordinary text and numbers, negative ones included, are left alone', () => {
    expect(escapeCsvCell('dentist austin')).toBe('dentist austin')
    expect(escapeCsvCell('Mon;Tue;Wed')).toBe('Mon;Tue;Wed')
    expect(escapeCsvCell('a - b = c')).toBe('a - b = c')
    expect(escapeCsvCell('email@example.com')).toBe('email@example.com')
    expect(escapeCsvCell('x|y')).toBe('x|y')
    expect(escapeCsvCell("'=already")).toBe("'=already")
    expect(escapeCsvCell('')).toBe('')
    expect(escapeCsvCell(-3)).toBe(-3)
    expect(escapeCsvCell(+4)).toBe(4)
    expect(escapeCsvCell(-0.5)).toBe(-0.5)
    expect(escapeCsvCell(true)).toBe(true)
    expect(escapeCsvCell(null)).toBe('')
    expect(buildCsv(['n'], [[-3], [1.5]])).toBe('n\r\n-3\r\n1.5\r\n')
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
