// The monthly report as a PDF (issue 35 item 4, docs/decisions/047-pdf-reports.md): drawn with
// pdfkit in this process, no browser. Charts are vector paths, the font is Noto Sans embedded (and
// subset by pdfkit) so a business named 'Łódź Dental' or 'Győr Kft.' prints as written. Colour is
// never the only signal: every cell and bar also carries its number (docs/house-rules.md).
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { monthTitle } from './report-month.js'
import type { ReportData } from './report-data.js'

const require = createRequire(import.meta.url)
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')
const BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')

/** The owner's white label (report_settings), or the defaults. */
export interface ReportBranding {
  title: string
  /** '#1d4ed8' */
  color: string
  /** A PNG or JPEG, at most 200 KB (checked when saved). */
  logo: Buffer | null
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 }
const WIDTH = PAGE.width - 2 * PAGE.margin
const INK = '#111827'
const MUTED = '#6b7280'
const RULE = '#e5e7eb'

type Doc = PDFKit.PDFDocument

const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )

function heading(doc: Doc, text: string, color: string) {
  ensureSpace(doc, 80)
  doc.moveDown(0.8)
  doc.font('Bold').fontSize(15).fillColor(color).text(text, PAGE.margin, doc.y, { width: WIDTH })
  const y = doc.y + 2
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + WIDTH, y)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke()
  doc.y = y + 6
}

/** Where a figure comes from, under it, as the screens show it. */
function source(doc: Doc, text: string) {
  doc
    .font('Body')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Source: ${text}`, PAGE.margin, doc.y, { width: WIDTH })
  doc.moveDown(0.3)
}

function body(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions = {}) {
  doc
    .font('Body')
    .fontSize(10)
    .fillColor(INK)
    .text(text, PAGE.margin, doc.y, { width: WIDTH, ...options })
}

function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > PAGE.height - PAGE.margin - 20) doc.addPage()
}

/** A row of cells at fixed x offsets; returns the row's height. */
function row(
  doc: Doc,
  cells: { text: string; x: number; width: number; align?: 'left' | 'right' }[],
  bold = false,
) {
  ensureSpace(doc, 18)
  const y = doc.y
  let height = 0
  for (const cell of cells) {
    doc
      .font(bold ? 'Bold' : 'Body')
      .fontSize(9.5)
      .fillColor(INK)
    const h = doc.heightOfString(cell.text, { width: cell.width })
    doc.text(cell.text, PAGE.margin + cell.x, y, { width: cell.width, align: cell.align ?? 'left' })
    height = Math.max(height, h)
  }
  doc.y = y + height + 4
  doc
    .moveTo(PAGE.margin, doc.y - 2)
    .lineTo(PAGE.margin + WIDTH, doc.y - 2)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke()
}

function cover(doc: Doc, data: ReportData, branding: ReportBranding) {
  doc.rect(0, 0, PAGE.width, 150).fill(branding.color)
  let textX = PAGE.margin
  if (branding.logo) {
    try {
      doc.image(branding.logo, PAGE.margin, 40, { fit: [120, 70], valign: 'center' })
      textX = PAGE.margin + 140
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the report.
    }
  }
  doc
    .font('Bold')
    .fontSize(22)
    .fillColor('#ffffff')
    .text(branding.title, textX, 48, { width: PAGE.width - textX - PAGE.margin })
  doc
    .font('Body')
    .fontSize(13)
    .text(monthTitle(data.month.month), textX, doc.y + 4)
  doc.y = 175
  doc
    .font('Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(data.businessName, PAGE.margin, doc.y, { width: WIDTH })
  body(doc, data.place === data.businessName ? data.place : `${data.place}`)
  body(
    doc,
    `${formatDay(data.month.from)} – ${formatDay(data.month.to)}, ${data.month.timeZone} time`,
    {},
  )
}

function score(doc: Doc, data: ReportData, color: string) {
  heading(doc, 'Local SEO Score', color)
  const top = doc.y
  doc
    .font('Bold')
    .fontSize(40)
    .fillColor(color)
    .text(String(data.score.value), PAGE.margin, top, { width: 90 })
  doc
    .font('Body')
    .fontSize(10)
    .fillColor(MUTED)
    .text('out of 100', PAGE.margin, top + 50, { width: 90 })
  doc.y = top
  const x = PAGE.margin + 110
  const barWidth = 150
  if (data.score.parts.length === 0) {
    doc
      .font('Body')
      .fontSize(10)
      .fillColor(INK)
      .text(
        'The starting estimate: the score is measured once the first site audit has finished.',
        x,
        top + 8,
        { width: WIDTH - 110 },
      )
  }
  for (const part of data.score.parts) {
    const y = doc.y
    doc
      .font('Body')
      .fontSize(9.5)
      .fillColor(INK)
      .text(`${part.label} (${part.weight}%)`, x, y, { width: 170 })
    doc.rect(x + 175, y + 2, barWidth, 8).fill(RULE)
    doc.rect(x + 175, y + 2, (barWidth * part.score) / 100, 8).fill(color)
    doc.fillColor(INK).text(`${part.score}/100`, x + 175 + barWidth + 8, y, { width: 50 })
    doc.y = y + 16
  }
  doc.y = Math.max(doc.y, top + 70) + 4
  if (data.score.note) body(doc, data.score.note, {})
  source(doc, data.score.source)
}

function positionText(position: number | null) {
  return position === null ? 'Not in top 100' : `#${position}`
}

function changeText(change: number | null) {
  if (change === null || change === 0) return change === 0 ? 'No change' : '–'
  return change > 0 ? `Up ${change}` : `Down ${-change}`
}

/** Average position per day; position 1 at the top, as the Rank Tracker draws it. */
function lineChart(doc: Doc, days: ReportData['rankings']['days'], color: string) {
  const x0 = PAGE.margin + 30
  const y0 = doc.y + 8
  const w = WIDTH - 40
  const h = 140
  const max = Math.max(10, Math.ceil(Math.max(...days.map((d) => d.average)) / 10) * 10)
  const min = 1
  const yOf = (position: number) => y0 + ((position - min) / (max - min)) * h
  doc.lineWidth(0.5).strokeColor(RULE)
  doc.font('Body').fontSize(7.5).fillColor(MUTED)
  for (const tick of [1, Math.round(max / 2), max]) {
    doc
      .moveTo(x0, yOf(tick))
      .lineTo(x0 + w, yOf(tick))
      .stroke()
    doc.text(`#${tick}`, PAGE.margin, yOf(tick) - 4, { width: 26, align: 'right' })
  }
  const step = days.length > 1 ? w / (days.length - 1) : 0
  const points = days.map((d, i) => [x0 + i * step, yOf(d.average)] as const)
  if (points.length > 1) {
    doc.moveTo(points[0]![0], points[0]![1])
    for (const [px, py] of points.slice(1)) doc.lineTo(px, py)
    doc.lineWidth(1.6).strokeColor(color).stroke()
  }
  for (const [px, py] of points) doc.circle(px, py, 1.8).fill(color)
  const first = days[0]
  const last = days.at(-1)
  doc.fillColor(MUTED)
  if (first) doc.text(formatDay(first.day), x0, y0 + h + 4, { width: 80 })
  if (last && last !== first)
    doc.text(formatDay(last.day), x0 + w - 80, y0 + h + 4, { width: 80, align: 'right' })
  doc.y = y0 + h + 18
}

function rankings(doc: Doc, data: ReportData, color: string) {
  heading(doc, 'Rankings', color)
  const { keywords, more, days } = data.rankings
  if (keywords.length === 0) {
    body(doc, 'No tracked keyword was checked this month.')
    return
  }
  row(
    doc,
    [
      { text: 'Keyword', x: 0, width: 200 },
      { text: 'Month end', x: 205, width: 95, align: 'right' },
      { text: 'Change', x: 305, width: 85, align: 'right' },
      { text: 'Source', x: 400, width: WIDTH - 400 },
    ],
    true,
  )
  for (const k of keywords) {
    row(doc, [
      { text: k.keyword, x: 0, width: 200 },
      { text: positionText(k.position), x: 205, width: 95, align: 'right' },
      { text: changeText(k.change), x: 305, width: 85, align: 'right' },
      { text: k.source, x: 400, width: WIDTH - 400 },
    ])
  }
  if (more > 0)
    body(
      doc,
      `And ${more} more tracked ${more === 1 ? 'keyword' : 'keywords'}, listed in the Rank Tracker.`,
    )
  doc.moveDown(0.5)
  if (days.length > 0) {
    // The chart's title stays with the chart.
    ensureSpace(doc, 210)
    doc
      .font('Bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text('Average position by day', PAGE.margin, doc.y)
    lineChart(doc, days, color)
  }
  source(
    doc,
    `${data.rankings.source}. Change: places gained from the first to the last check of the month.`,
  )
}

/** A rank's cell colour, as the Geo-Grid screen's legend: top 3, 4–10, 11–20, not found. */
function cellColor(status: string, position: number | null) {
  if (status !== 'ok') return '#d1d5db'
  if (position === null) return '#dc2626'
  if (position <= 3) return '#16a34a'
  if (position <= 10) return '#f59e0b'
  return '#f97316'
}

function grid(doc: Doc, data: ReportData, color: string) {
  const scan = data.grid
  // The heading, its sentence and the grid stay on one page.
  if (scan) ensureSpace(doc, 340)
  heading(doc, 'Geo-grid', color)
  if (!scan) {
    body(doc, 'No geo-grid scan finished this month.')
    return
  }
  body(
    doc,
    `“${scan.keyword}”: found at ${scan.found} of ${scan.scanned} points, average rank ${scan.averageRank ?? '–'}.`,
  )
  const side = Math.min(240, WIDTH)
  ensureSpace(doc, side + 40)
  const cell = side / scan.size
  const x0 = PAGE.margin
  const y0 = doc.y + 6
  for (const point of scan.points) {
    const x = x0 + point.col * cell
    const y = y0 + point.row * cell
    doc.rect(x + 1, y + 1, cell - 2, cell - 2).fill(cellColor(point.status, point.position))
    const label =
      point.status !== 'ok' ? '?' : point.position === null ? '20+' : String(point.position)
    doc
      .font('Bold')
      .fontSize(Math.min(11, cell / 2.6))
      .fillColor(point.status !== 'ok' ? INK : '#ffffff')
    doc.text(label, x, y + cell / 2 - Math.min(11, cell / 2.6) / 1.6, {
      width: cell,
      align: 'center',
      lineBreak: false,
    })
  }
  const legendX = x0 + side + 24
  let legendY = y0
  for (const [swatch, label] of [
    ['#16a34a', 'Top 3'],
    ['#f59e0b', '4 to 10'],
    ['#f97316', '11 to 20'],
    ['#dc2626', '20+: not in the map results'],
    ['#d1d5db', '?: the point could not be searched'],
  ] as const) {
    doc.rect(legendX, legendY, 10, 10).fill(swatch)
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(INK)
      .text(label, legendX + 16, legendY, { width: WIDTH - side - 40 })
    legendY += 16
  }
  doc.y = y0 + side + 8
  source(doc, scan.source)
}

function profile(doc: Doc, data: ReportData, color: string) {
  heading(doc, 'Reviews and Business Profile', color)
  if (!data.reviews || !data.performance) {
    body(
      doc,
      'No Google Business Profile is connected for this place, so there are no review, call or direction figures.',
    )
    return
  }
  const r = data.reviews
  body(
    doc,
    `New reviews this month: ${r.count}${r.average === null ? '' : `, average rating ${r.average.toFixed(1)} of 5`}`,
  )
  source(doc, r.source)
  const p = data.performance
  if (p.days === 0) {
    body(doc, 'There are no calls, directions or website clicks figures for this month yet.')
  } else {
    body(
      doc,
      `Calls: ${p.calls}     Directions requests: ${p.directions}     Website clicks: ${p.websiteClicks}`,
    )
    body(
      doc,
      `Over the ${p.days} ${p.days === 1 ? 'day' : 'days'} of the month Google reported.`,
      {},
    )
  }
  source(doc, p.source)
}

function backlinks(doc: Doc, data: ReportData, color: string) {
  heading(doc, 'Backlinks', color)
  const b = data.backlinks
  body(doc, `Gained this month: ${b.gained}     Lost this month: ${b.lost}`)
  doc.moveDown(0.4)
  for (const link of b.firstGained) {
    row(doc, [
      { text: link.domain, x: 0, width: 300 },
      { text: `First seen ${formatDay(link.firstSeen)}`, x: 310, width: WIDTH - 310 },
    ])
  }
  if (b.gained > b.firstGained.length)
    body(doc, `And ${b.gained - b.firstGained.length} more, listed on the Backlinks screen.`)
  source(doc, b.source)
}

function tasks(doc: Doc, data: ReportData, color: string) {
  heading(doc, 'Tasks done', color)
  const t = data.tasks
  if (t.done === 0) {
    body(doc, 'No SEO task was marked done this month.')
  } else {
    body(doc, `${t.done} ${t.done === 1 ? 'task' : 'tasks'} done this month.`)
    doc.moveDown(0.4)
    for (const task of t.titles) {
      row(doc, [
        { text: task.title, x: 0, width: 380 },
        { text: formatDay(task.day), x: 390, width: WIDTH - 390, align: 'right' },
      ])
    }
    if (t.done > t.titles.length) body(doc, `And ${t.done - t.titles.length} more.`)
  }
  source(doc, t.source)
}

function footers(doc: Doc, data: ReportData, generatedOn: string) {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font('Body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${data.businessName} · ${monthTitle(data.month.month)} · made ${generatedOn} · page ${i + 1} of ${range.count}`,
        PAGE.margin,
        PAGE.height - 30,
        { width: WIDTH, align: 'center', lineBreak: false },
      )
    doc.page.margins.bottom = bottom
  }
}

/** The report as PDF bytes. `generatedOn` ('Apr 1, 2026') is printed in the footer. */
export function renderReportPdf(
  data: ReportData,
  branding: ReportBranding,
  generatedOn: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${branding.title}: ${data.businessName}, ${monthTitle(data.month.month)}`,
      Author: data.businessName,
    },
  })
  doc.registerFont('Body', FONT)
  doc.registerFont('Bold', BOLD)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  cover(doc, data, branding)
  score(doc, data, branding.color)
  rankings(doc, data, branding.color)
  grid(doc, data, branding.color)
  profile(doc, data, branding.color)
  backlinks(doc, data, branding.color)
  tasks(doc, data, branding.color)
  footers(doc, data, generatedOn)
  doc.end()
  return done
}
