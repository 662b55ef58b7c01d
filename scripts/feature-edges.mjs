// Writes ADR 014's table of allowed feature-to-feature calls from `allowedFeatureCalls` in
// eslint.config.js, the map lint enforces, so the ADR lists exactly the edges lint allows
// (docs/decisions/014-feature-dependencies.md). The table sits between two marker comments.
//   node scripts/feature-edges.mjs           rewrite the table (npm run docs:edges)
//   node scripts/feature-edges.mjs --check   exit 1 when the table is stale (part of npm run lint)
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { allowedFeatureCalls } from '../eslint.config.js'

const adrPath = fileURLToPath(
  new URL('../docs/decisions/014-feature-dependencies.md', import.meta.url),
)
const startMarker = '<!-- feature-edges:start -->'
const endMarker = '<!-- feature-edges:end -->'

/** A table cell: a `|` would end it. */
const cell = (text) => text.replaceAll('|', '\\|')

/** One side's edges: a table, one row per entry of the map, or a line saying it has none. */
function sideSection(base, callers) {
  const features = `\`${base.replace(/^\.\//, '')}/features\``
  const rows = Object.entries(callers).flatMap(([caller, edges]) =>
    edges.map((edge) => `| ${caller} | ${edge.calls.join(', ')} | ${cell(edge.why)} |`),
  )
  if (rows.length === 0) return `${features}: no edges; screens compose features in \`app/\`.`
  return [`${features}:`, '', '| caller | may call | for |', '| --- | --- | --- |', ...rows].join(
    '\n',
  )
}

async function generatedBlock() {
  const body = [
    '<!-- Written by `npm run docs:edges` from `allowedFeatureCalls` in eslint.config.js: edit the map, not this table. -->',
    ...Object.entries(allowedFeatureCalls).map(([base, callers]) => sideSection(base, callers)),
  ].join('\n\n')
  const options = await resolveConfig(adrPath)
  const formatted = await format(body, { ...options, filepath: adrPath })
  return `${startMarker}\n\n${formatted}\n${endMarker}`
}

const adr = readFileSync(adrPath, 'utf8')
const start = adr.indexOf(startMarker)
const end = adr.indexOf(endMarker)
if (start === -1 || end < start) {
  console.error(`${adrPath}: the markers ${startMarker} and ${endMarker} are missing.`)
  process.exit(1)
}
const updated = adr.slice(0, start) + (await generatedBlock()) + adr.slice(end + endMarker.length)

if (process.argv.includes('--check')) {
  if (updated !== adr) {
    console.error(
      'docs/decisions/014-feature-dependencies.md: the edge table is not what allowedFeatureCalls in eslint.config.js gives. Run npm run docs:edges.',
    )
    process.exit(1)
  }
} else if (updated !== adr) {
  writeFileSync(adrPath, updated)
  console.log('docs/decisions/014-feature-dependencies.md: edge table written.')
}
