// The built web app's files, listed once at start-up with their brotli and gzip copies (written by
// the build, apps/web/vite.config.ts), and sent with the coding the client accepts best
// (docs/decisions/019-compressed-assets-and-preloading.md). Only listed files are ever read, so a
// path outside the build, a source map or a compressed copy asked for by name is never served.
import { createReadStream, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import {
  CONTENT_CODINGS,
  chooseContentCoding,
  varyOnAcceptEncoding,
  type ContentCoding,
} from './content-coding.js'

interface FileOnDisk {
  path: string
  size: number
}

export interface StaticFile extends FileOnDisk {
  type: string
  lastModified: string
  copies: Partial<Record<ContentCoding, FileOnDisk>>
}

const COPY_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' }
// Source maps, the compressed copies by name, and the build manifest (.vite/manifest.json, which
// only the page budgets test reads: apps/web/budgets).
const NEVER_SERVED = /^\.vite[\\/]|\.(map|br|gz)$/i

function onDisk(filePath: string): FileOnDisk | undefined {
  try {
    const stats = statSync(filePath)
    return stats.isFile() ? { path: filePath, size: stats.size } : undefined
  } catch {
    return undefined
  }
}

/** Every file of the build by its URL path ('/assets/index-abc.js'), source maps left out. */
export function listStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  for (const entry of readdirSync(distDir, { recursive: true, encoding: 'utf8' })) {
    const filePath = path.join(distDir, entry)
    const stats = statSync(filePath)
    if (!stats.isFile() || NEVER_SERVED.test(entry)) continue
    const copies: StaticFile['copies'] = {}
    for (const coding of CONTENT_CODINGS) {
      const copy = onDisk(filePath + COPY_SUFFIX[coding])
      if (copy) copies[coding] = copy
    }
    files.set(`/${entry.split(path.sep).join('/')}`, {
      path: filePath,
      size: stats.size,
      type: getMimeType(entry) ?? 'application/octet-stream',
      lastModified: stats.mtime.toUTCString(),
      copies,
    })
  }
  return files
}

/**
 * Answers with the file, compressed as the client's Accept-Encoding prefers: Content-Length is the
 * size of what is sent, and Vary tells caches the answer depends on Accept-Encoding.
 */
export function sendStaticFile(c: Context, file: StaticFile, cacheControl: string): Response {
  const available = CONTENT_CODINGS.filter((coding) => file.copies[coding])
  const coding = chooseContentCoding(c.req.header('Accept-Encoding'), available)
  const sent = (coding && file.copies[coding]) || file
  const headers = new Headers({
    'Content-Type': file.type,
    'Content-Length': String(sent.size),
    'Cache-Control': cacheControl,
    'Last-Modified': file.lastModified,
  })
  if (coding) headers.set('Content-Encoding', coding)
  if (available.length > 0) varyOnAcceptEncoding(headers)
  const body =
    c.req.method === 'HEAD'
      ? null
      : (Readable.toWeb(createReadStream(sent.path)) as ReadableStream<Uint8Array>)
  return new Response(body, { status: 200, headers })
}
