// A strict reader of the Prometheus text format (version 0.0.4) for the /metrics tests: prom-client
// writes the format but has no parser, and a scraper rejects the whole page for one bad line.
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`
// Go's ParseFloat, which Prometheus uses, takes NaN and Inf in any case (prom-client writes 'Nan').
const VALUE =
  '(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|[-+]?[iI][nN][fF]|[nN][aA][nN])'
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (${VALUE})(?: -?\\d+)?$`,
)
const HELP = new RegExp(`^# HELP (${NAME}) .*$`)
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface Exposition {
  types: Map<string, string>
  samples: Sample[]
}

const unescape = (text: string) => text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))

/** Throws on the first line that is neither a HELP, a TYPE nor a well-formed sample. */
export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  text.split('\n').forEach((line, index) => {
    if (line === '' || HELP.test(line)) return
    const type = TYPE.exec(line)
    if (type) {
      types.set(type[1]!, type[2]!)
      return
    }
    const sample = SAMPLE.exec(line)
    if (!sample) throw new Error(`line ${index + 1} is not in the text format: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (sample[2] ?? '').matchAll(LABEL_PAIR)) {
      labels[key!] = unescape(value!)
    }
    const raw = sample[3]!
    const value = /inf$/i.test(raw)
      ? raw.startsWith('-')
        ? -Infinity
        : Infinity
      : /nan/i.test(raw)
        ? NaN
        : Number(raw)
    samples.push({ name: sample[1]!, labels, value })
  })
  return { types, samples }
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matching = exposition.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )
  return matching.length === 0 ? undefined : matching.reduce((sum, s) => sum + s.value, 0)
}
