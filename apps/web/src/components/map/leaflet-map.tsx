// A Leaflet map (issue 17): tiles from the server's MAP_TILE_URL, an optional draggable pin and
// optional numbered markers. Leaflet and its stylesheet are loaded when a map first renders, so only
// the screens that draw one (Settings, the geo-grid) ever download them.
import type { LatLng } from '@localseo/shared/coordinates'
import type { MapTiles } from '@localseo/shared/geo-grid'
import type * as Leaflet from 'leaflet'
import type * as LeafletChunk from './leaflet'
import { useEffect, useRef, type RefObject } from 'react'
import { cn } from '@/lib/utils'

export interface MapMarker extends LatLng {
  /** The text on the marker (a position). */
  text: string
  /** What a screen reader and a tooltip say of it. */
  title: string
  /** Classes of the marker's face (its colour). */
  className: string
}

interface LeafletMapProps {
  tiles: MapTiles
  center: LatLng
  zoom: number
  /** Names the map for screen readers. */
  label: string
  /** A pin the owner drops (a click) or drags; onPin gets its new point. */
  pin?: { point: LatLng | null; onPin: (point: LatLng) => void }
  markers?: readonly MapMarker[]
  className?: string
}

type LeafletModule = typeof LeafletChunk

const loadLeaflet = (): Promise<LeafletModule> => import('./leaflet')

const pinIcon = (L: LeafletModule) =>
  L.divIcon({
    className: '',
    html: '<span class="block size-6 -translate-y-3 rounded-full rounded-br-none border-2 border-white bg-primary shadow-md rotate-45"></span>',
    iconSize: [24, 24],
    iconAnchor: [12, 24],
  })

const markerIcon = (L: LeafletModule, marker: MapMarker) =>
  L.divIcon({
    className: '',
    html: `<span class="flex size-8 items-center justify-center rounded-full border-2 border-white text-xs font-bold shadow ${marker.className}">${marker.text}</span>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
  })

interface MapHandle {
  L: LeafletModule
  map: Leaflet.Map
  layer: Leaflet.LayerGroup
  pin: Leaflet.Marker | null
}

/** Makes the map once per tile source; `withMap` runs a change once it is ready. */
function useLeaflet(
  element: RefObject<HTMLDivElement | null>,
  tiles: MapTiles,
  onClick: RefObject<((point: LatLng) => void) | undefined>,
) {
  const handle = useRef<Promise<MapHandle | null> | null>(null)
  useEffect(() => {
    let made: MapHandle | null = null
    handle.current = loadLeaflet().then((L) => {
      if (!element.current) return null
      const map = L.map(element.current, { scrollWheelZoom: false })
      map.attributionControl.setPrefix(false)
      L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map)
      map.on('click', (event: Leaflet.LeafletMouseEvent) =>
        onClick.current?.({ lat: event.latlng.lat, lng: event.latlng.lng }),
      )
      made = { L, map, layer: L.layerGroup().addTo(map), pin: null }
      return made
    })
    return () => {
      void handle.current?.then(() => made?.map.remove())
      handle.current = null
    }
  }, [element, tiles.url, tiles.attribution, onClick])
  return (change: (map: MapHandle) => void) =>
    void handle.current?.then((map) => {
      if (map) change(map)
    })
}

function placePin(
  map: MapHandle,
  point: LatLng | null,
  onPin: RefObject<((p: LatLng) => void) | undefined>,
) {
  if (!point) {
    map.pin?.remove()
    map.pin = null
    return
  }
  if (map.pin) {
    map.pin.setLatLng(point)
    return
  }
  const marker = map.L.marker(point, {
    draggable: true,
    icon: pinIcon(map.L),
    title: 'Your pin: drag it to where the business is',
    alt: 'Pin',
  })
  marker.on('dragend', () => {
    const at = marker.getLatLng()
    onPin.current?.({ lat: at.lat, lng: at.lng })
  })
  map.pin = marker.addTo(map.map)
}

export function LeafletMap({
  tiles,
  center,
  zoom,
  label,
  pin,
  markers,
  className,
}: LeafletMapProps) {
  const element = useRef<HTMLDivElement>(null)
  const onPin = useRef(pin?.onPin)
  useEffect(() => {
    onPin.current = pin?.onPin
  })
  const withMap = useLeaflet(element, tiles, onPin)
  const pinPoint = pin?.point ?? null
  useEffect(() => {
    withMap((map) => map.map.setView(center, zoom))
    // The view follows a new centre or zoom, not every render (the owner may have panned).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [center.lat, center.lng, zoom])
  useEffect(() => {
    if (pin) withMap((map) => placePin(map, pinPoint, onPin))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pinPoint?.lat, pinPoint?.lng])
  useEffect(() => {
    withMap(({ L, layer, map }) => {
      layer.clearLayers()
      for (const marker of markers ?? []) {
        const icon = markerIcon(L, marker)
        L.marker(marker, { icon, title: marker.title, alt: marker.title }).addTo(layer)
      }
      // Every marker in view, whatever the map's width (a phone's is narrower).
      if (markers && markers.length > 1) {
        const bounds = L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number]))
        map.fitBounds(bounds, { padding: [28, 28] })
      }
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markers])
  return (
    <div
      ref={element}
      role="region"
      aria-label={label}
      className={cn('z-0 h-80 w-full overflow-hidden rounded-md border bg-muted', className)}
    />
  )
}
