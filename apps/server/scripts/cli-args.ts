// The arguments of `npm run backup` and `npm run restore`: FILE and an optional --data-dir DIR, both
// relative to where npm was run (npm runs the script from the repository's root, INIT_CWD is where
// the operator typed it).
import path from 'node:path'

export function parseArgs(argv: string[], usage: string): { file: string; dataDir?: string } {
  const here = process.env.INIT_CWD ?? process.cwd()
  const positional: string[] = []
  let dataDir: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--data-dir' && argv[i + 1]) dataDir = argv[++i]
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length)
    else if (!arg.startsWith('-')) positional.push(arg)
    else positional.push('', '')
  }
  const [file] = positional
  if (positional.length !== 1 || !file) {
    console.error(`Usage: ${usage}`)
    process.exit(2)
  }
  return { file: path.resolve(here, file), dataDir: dataDir && path.resolve(here, dataDir) }
}
