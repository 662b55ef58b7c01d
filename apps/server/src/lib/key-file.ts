// A key file in DATA_DIR (jwt-keys.json, secrets.key, dev-mail.key): created once, whole, mode 0600.
// Two processes may start at once on a fresh directory. Writing with flag 'wx' is not enough: the
// file exists, empty, before its content lands, and the other process can read it in between. So
// the content goes to a private temporary file first and is linked into place, which either makes
// the whole file appear at once or fails with EEXIST when another process got there first.
import { randomBytes } from 'node:crypto'
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The text of `file`, written from `make()` if there is none yet; the file ends with mode 0600. */
export async function readOrCreateKeyFile(
  file: string,
  make: () => string | Promise<string>,
): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true })
  try {
    const text = await readFile(file, 'utf8')
    await chmod(file, 0o600)
    return text
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temporary, await make(), { mode: 0o600, flag: 'wx' })
  try {
    await link(temporary, file)
  } catch (error) {
    // Another process linked its file first: everyone uses that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await unlink(temporary)
  }
  return readFile(file, 'utf8')
}
