import type { Business } from '@localseo/shared/business'
import { coordinatesInputSchema, pointOf, type LatLng } from '@localseo/shared/coordinates'
import { mainLocationLabel } from '@localseo/shared/location-selection'
import { useMemo, useState } from 'react'
import { LeafletMap } from '@/components/map/leaflet-map'
import { FormMessage } from '@/components/form-message'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { useMapTiles } from '@/lib/map-tiles'
import { useSaveCoordinates } from '../api/save-coordinates'

/** Where a map with no pin yet opens: the whole world, to be clicked where the business is. */
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 }
const PIN_ZOOM = 15

interface Place {
  id: string
  label: string
  point: LatLng | null
}

const placesOf = (business: Business): Place[] => [
  { id: 'main', label: mainLocationLabel(business), point: pointOf(business) },
  ...business.locations.map((l) => ({ id: l.id, label: l.name, point: pointOf(l) })),
]

const toText = (value: number | undefined) =>
  value === undefined ? '' : String(Number(value.toFixed(6)))

/**
 * Settings: where the business and each location are (issue 17 item 3), for the geo-grid scan. The
 * owner drops or drags a pin on the map, or types the numbers; without map tiles only the numbers.
 */
export function MapPinCard({ business }: { business: Business }) {
  const places = placesOf(business)
  const [placeId, setPlaceId] = useState('main')
  const place = places.find((p) => p.id === placeId) ?? places[0]!
  return (
    <Card role="region" aria-labelledby="map-pin-title">
      <CardHeader>
        <CardTitle id="map-pin-title">Map position</CardTitle>
        <CardDescription>
          Where customers find you on the map. The geo-grid scan searches around this point; a map
          search that finds your business fills it in when it is empty.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {places.length > 1 ? (
          <FormField label="Location" className="sm:max-w-sm">
            <Select value={place.id} onChange={(event) => setPlaceId(event.target.value)}>
              {places.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        {/* Keyed by place: the fields start from the chosen place's saved point. */}
        <PinEditor key={place.id} business={business} place={place} />
      </CardContent>
    </Card>
  )
}

function PinEditor({ business, place }: { business: Business; place: Place }) {
  const save = useSaveCoordinates()
  const [lat, setLat] = useState(toText(place.point?.lat))
  const [lng, setLng] = useState(toText(place.point?.lng))
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const parsed = coordinatesInputSchema.safeParse({
    lat: lat.trim() === '' ? null : Number(lat),
    lng: lng.trim() === '' ? null : Number(lng),
  })
  const errorFor = (path: 'lat' | 'lng') =>
    parsed.error?.issues.find((issue) => issue.path[0] === path)?.message
  const point = parsed.success ? pointOf(parsed.data) : null
  const onPin = (next: LatLng) => {
    setLat(toText(next.lat))
    setLng(toText(next.lng))
    setMessage(null)
  }
  const onSave = (input: { lat: number | null; lng: number | null }) =>
    save.mutate(
      { business, locationId: place.id, input },
      {
        onSuccess: () =>
          setMessage({
            tone: 'success',
            text:
              input.lat === null
                ? 'Map position cleared.'
                : `Map position saved for ${place.label}.`,
          }),
        onError: (error) => setMessage({ tone: 'error', text: error.message }),
      },
    )
  return (
    <div className="grid gap-4">
      <PinMap place={place} point={point} onPin={onPin} />
      <CoordinateFields
        lat={lat}
        lng={lng}
        errorFor={errorFor}
        onLat={(value) => {
          setLat(value)
          setMessage(null)
        }}
        onLng={(value) => {
          setLng(value)
          setMessage(null)
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button disabled={!point || save.isPending} onClick={() => point && onSave(point)}>
          {save.isPending ? 'Saving...' : 'Save map position'}
        </Button>
        {place.point ? (
          <Button
            variant="outline"
            disabled={save.isPending}
            onClick={() => onSave({ lat: null, lng: null })}
          >
            Clear
          </Button>
        ) : null}
      </div>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
    </div>
  )
}

function PinMap({
  place,
  point,
  onPin,
}: {
  place: Place
  point: LatLng | null
  onPin: (point: LatLng) => void
}) {
  const tiles = useMapTiles()
  // The map opens on the saved point (or the world) and stays there while the pin moves.
  const view = useMemo(
    () => (place.point ? { center: place.point, zoom: PIN_ZOOM } : WORLD),
    [place.point],
  )
  return (
    <>
      {tiles.data ? (
        <>
          <p className="text-sm text-muted-foreground">
            Click the map where {place.label} is, or drag the pin; then save.
          </p>
          <LeafletMap
            tiles={tiles.data}
            center={view.center}
            zoom={view.zoom}
            label={`Map: the pin of ${place.label}`}
            pin={{ point, onPin }}
          />
        </>
      ) : tiles.isPending ? null : (
        <Alert variant="info" role="status">
          <AlertDescription>
            No map is set up on this server, so enter the coordinates: in most map apps, a long
            press or a right-click on the place shows its latitude and longitude.
          </AlertDescription>
        </Alert>
      )}
    </>
  )
}

function CoordinateFields({
  lat,
  lng,
  errorFor,
  onLat,
  onLng,
}: {
  lat: string
  lng: string
  errorFor: (path: 'lat' | 'lng') => string | undefined
  onLat: (value: string) => void
  onLng: (value: string) => void
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Latitude" error={errorFor('lat')} hint="Between -90 and 90, e.g. 30.26720">
        <Input inputMode="decimal" value={lat} onChange={(event) => onLat(event.target.value)} />
      </FormField>
      <FormField
        label="Longitude"
        error={errorFor('lng')}
        hint="Between -180 and 180, e.g. -97.74310"
      >
        <Input inputMode="decimal" value={lng} onChange={(event) => onLng(event.target.value)} />
      </FormField>
    </div>
  )
}
