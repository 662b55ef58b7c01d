// Map tiles (issue 17): MAP_TILE_URL names where the browser loads them, and the CSP's img-src allows
// exactly that host. The web app gets the URL and credit from the server, never from its build.
import type { Env } from '../env.js'

/** The URL's scheme and host, a '{s}' subdomain as '*' (an img-src source), or null without tiles. */
export function mapTileSource(tileUrl: string | undefined): string | null {
  const match = tileUrl ? /^(https?:\/\/)([^/?#]+)/i.exec(tileUrl) : null
  if (!match) return null
  return `${match[1]}${match[2]!.replace(/\{s\}/g, '*')}`.toLowerCase()
}

/** What the map components are given: the tile URL template and its credit, or null without tiles. */
export function mapTiles(env: Pick<Env, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>) {
  return env.MAP_TILE_URL ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION } : null
}
