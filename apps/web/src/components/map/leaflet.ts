// Leaflet and its stylesheet in one lazily loaded chunk (issue 17): leaflet-map.tsx imports this file
// dynamically, so neither reaches a bundle of a screen without a map. Leaflet's ES module build and
// named exports only, so the bundle needs no interop helper (which would add a chunk to every page).
import 'leaflet/dist/leaflet.css'

export {
  divIcon,
  latLngBounds,
  layerGroup,
  map,
  marker,
  tileLayer,
} from 'leaflet/dist/leaflet-src.esm.js'
