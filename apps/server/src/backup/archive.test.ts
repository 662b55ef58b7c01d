import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import { APP_VERSION } from '../version.js'
import { manifestFor, packBackup, unpackBackup, type BackupFile } from './archive.js'
import { restoreInto, RestoreRefused } from './restore.js'

const work = mkdtempSync(path.join(tmpdir(), 'backup-archive-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const files: BackupFile[] = [
  { name: 'pgdata/', data: Buffer.alloc(0) },
  { name: 'pgdata/PG_VERSION', data: Buffer.from('the database '.repeat(100)) },
  { name: 'secrets.key', data: Buffer.from('a key\n') },
]

function archive(version = APP_VERSION, contents = files) {
  const manifest = manifestFor(contents, {
    version,
    createdAt: '2026-11-29T08:00:00.000Z',
    database: 'pglite',
    takenBy: 'backup command',
    notes: [],
  })
  return packBackup(manifest, contents)
}

describe('a backup archive', () => {
  test('unpacks to its manifest and files, and the system tar lists the same files', async () => {
    const packed = await archive()
    const { manifest, files: unpacked } = await unpackBackup(packed)
    expect(manifest.files.map((f) => f.name)).toEqual(['pgdata/PG_VERSION', 'secrets.key'])
    expect(manifest.directories).toEqual(['pgdata/'])
    expect(unpacked).toEqual(files)
    const file = path.join(work, 'listed.tar.gz')
    writeFileSync(file, packed)
    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    expect(listed.trim().split('\n')).toEqual([
      'backup.json',
      'pgdata/',
      'pgdata/PG_VERSION',
      'secrets.key',
    ])
  })

  test('cut short, or with a file changed after it was written, is refused', async () => {
    const packed = await archive()
    await expect(unpackBackup(packed.subarray(0, packed.length - 100))).rejects.toThrow(/cut short/)
    const tar = await promisify(gunzip)(packed)
    const at = tar.indexOf('the database')
    tar.write('THE', at)
    await expect(unpackBackup(await promisify(gzip)(tar))).rejects.toThrow(
      'pgdata/PG_VERSION does not match its manifest',
    )
    await expect(unpackBackup(Buffer.from('not an archive'))).rejects.toThrow(/does not unzip/)
  })

  test('made by a newer release is refused by restore, which writes nothing', async () => {
    const file = path.join(work, 'newer.tar.gz')
    writeFileSync(file, await archive('99.0.0'))
    const dir = path.join(work, 'restored')
    await expect(restoreInto(dir, file)).rejects.toThrow(RestoreRefused)
    await expect(restoreInto(dir, file)).rejects.toThrow('made by release 99.0.0')
    expect(readdirSync(work)).not.toContain('restored')
  })

  test('naming a place outside the data directory is refused by restore, which leaves the directory empty', async () => {
    const file = path.join(work, 'escaping.tar.gz')
    const escaping = [...files, { name: 'pgdata/../../escaped', data: Buffer.from('x') }]
    writeFileSync(file, await archive(APP_VERSION, escaping))
    const dir = path.join(work, 'escape-target', 'data')
    await expect(restoreInto(dir, file)).rejects.toThrow('unexpected name: pgdata/../../escaped')
    expect(readdirSync(dir)).toEqual([])
    expect(readdirSync(path.join(work, 'escape-target'))).toEqual(['data'])
  })
})
