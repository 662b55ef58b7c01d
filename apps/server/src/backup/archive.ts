// A backup's file (docs/decisions/044-backup-and-restore.md): a gzipped tar an operator can list
// with `tar -tzf`, holding a manifest first (backup.json: the release, the time, the database kind
// and each file's size and SHA-256), then the database (PGlite's data directory as `pgdata/`, or
// pg_dump's custom format) and the key files of DATA_DIR: unpacked with `tar -xzf`, it is a
// DATA_DIR. Only plain files and directories are written or read, and a restore checks each name
// (restore.ts), so it never writes outside the directory it restores into.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGzip, gunzip } from 'node:zlib'

const MANIFEST_FILE = 'backup.json'
export const PGDATA_DIR = 'pgdata'
export const POSTGRES_DUMP_FILE = 'postgres.dump'
/** The manifest's shape; a restore refuses a format it does not know. */
const FORMAT = 1
const BLOCK = 512

/** A file, or a directory when its name ends with '/' (PostgreSQL needs its empty ones). */
export interface BackupFile {
  name: string
  data: Buffer
}

export const isDirectory = (name: string) => name.endsWith('/')

export interface BackupManifest {
  format: typeof FORMAT
  app: 'LocalSEO AI'
  version: string
  createdAt: string
  database: 'pglite' | 'postgres'
  /** 'running server': taken by the server holding DATA_DIR; 'backup command': with none running. */
  takenBy: 'running server' | 'backup command'
  files: { name: string; bytes: number; sha256: string }[]
  directories: string[]
  /** What does not travel in the archive and must be kept with it (SECRETS_KEY set in env). */
  notes: string[]
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/** Writes `value` as a NUL-terminated octal number of `length` bytes at `offset`. */
function octal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii')
}

/** A ustar header for a plain file (mode 0600: the archive holds keys) or a directory (0700). */
function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`file name too long for the archive: ${name}`)
  const header = Buffer.alloc(BLOCK)
  header.write(name, 0, 100, 'utf8')
  octal(header, 100, 8, isDirectory(name) ? 0o700 : 0o600)
  octal(header, 108, 8, 0)
  octal(header, 116, 8, 0)
  octal(header, 124, 12, size)
  octal(header, 136, 12, Math.floor(mtime.getTime() / 1000))
  header.write('        ', 148, 8, 'ascii')
  header.write(isDirectory(name) ? '5' : '0', 156, 1, 'ascii')
  header.write('ustar\0' + '00', 257, 8, 'ascii')
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii')
  return header
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** The manifest for these files. */
export function manifestFor(
  files: BackupFile[],
  about: Omit<BackupManifest, 'format' | 'app' | 'files' | 'directories'>,
): BackupManifest {
  return {
    format: FORMAT,
    app: 'LocalSEO AI',
    ...about,
    files: files
      .filter(({ name }) => !isDirectory(name))
      .map(({ name, data }) => ({ name, bytes: data.length, sha256: sha256(data) })),
    directories: files.filter(({ name }) => isDirectory(name)).map(({ name }) => name),
  }
}

/**
 * The archive: the manifest, then the files, as a gzipped tar. Each part goes through one gzip
 * stream, so the tar is never copied whole; zlib works in libuv's threads, so a server taking its
 * own backup goes on answering meanwhile.
 */
export async function packBackup(manifest: BackupManifest, files: BackupFile[]): Promise<Buffer> {
  const mtime = new Date(manifest.createdAt)
  // Level 1: the dump is mostly database pages; higher levels cost seconds for a few per cent.
  const gzip = createGzip({ level: 1 })
  const chunks: Buffer[] = []
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk))
  const all = [{ name: MANIFEST_FILE, data: Buffer.from(JSON.stringify(manifest, null, 2)) }]
  for (const { name, data } of [...all, ...files]) {
    for (const part of [tarHeader(name, data.length, mtime), data, padding(data.length)]) {
      if (!gzip.write(part)) await once(gzip, 'drain')
    }
  }
  gzip.end(Buffer.alloc(BLOCK * 2))
  await finished(gzip)
  return Buffer.concat(chunks)
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header.toString('ascii', offset, offset + length).replace(/[\0 ]+$/, '')
  if (!/^[0-7]+$/.test(text)) throw new Error('not a backup archive (a damaged tar header)')
  return parseInt(text, 8)
}

function readTar(tar: Buffer): BackupFile[] {
  const files: BackupFile[] = []
  let offset = 0
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header.every((byte) => byte === 0)) return files
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0)
    if (sum !== readOctal(header, 148, 8)) throw new Error('not a backup archive (bad checksum)')
    const size = readOctal(header, 124, 12)
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '')
    // Plain files ('0', or NUL in old tars) and directories ('5') only: no links, no devices.
    const type = header.toString('ascii', 156, 157)
    if (!['0', '\0', '5'].includes(type) || (type === '5') !== isDirectory(name)) {
      throw new Error(`not a backup archive (${name} is neither a file nor a directory)`)
    }
    const start = offset + BLOCK
    if (start + size > tar.length) throw new Error('the backup archive is cut short')
    files.push({ name, data: tar.subarray(start, start + size) })
    offset = start + size + padding(size).length
  }
  throw new Error('the backup archive is cut short')
}

/**
 * The manifest and files of an archive, every file checked against the manifest's size and
 * SHA-256: a cut-short, damaged or edited archive is refused before anything is restored.
 */
export async function unpackBackup(
  archive: Buffer,
): Promise<{ manifest: BackupManifest; files: BackupFile[] }> {
  let tar: Buffer
  try {
    tar = await promisify(gunzip)(archive)
  } catch {
    throw new Error('not a backup archive, or cut short (it does not unzip)')
  }
  const [first, ...files] = readTar(tar)
  if (first?.name !== MANIFEST_FILE) throw new Error(`not a backup archive (no ${MANIFEST_FILE})`)
  const manifest = JSON.parse(first.data.toString('utf8')) as BackupManifest
  if (manifest.format !== FORMAT || manifest.app !== 'LocalSEO AI') {
    throw new Error(`not a backup archive of this app (format ${String(manifest.format)})`)
  }
  const listed = new Map(manifest.files.map((file) => [file.name, file]))
  const directories = files.filter((file) => isDirectory(file.name)).map((file) => file.name)
  if (
    listed.size + directories.length !== files.length ||
    directories.join('\n') !== manifest.directories.join('\n')
  ) {
    throw new Error('the backup archive does not match its manifest')
  }
  for (const file of files.filter((f) => !isDirectory(f.name))) {
    const expected = listed.get(file.name)
    if (!expected || expected.bytes !== file.data.length || expected.sha256 !== sha256(file.data)) {
      throw new Error(`the backup archive is damaged: ${file.name} does not match its manifest`)
    }
  }
  return { manifest, files }
}
