// The review link as a QR code (issue 33 item 4): shown on a card to print for the counter, and
// downloadable as PNG (for print shops and social posts) and SVG (sharp at any size). The qrcode
// package builds both in the browser; it loads with this screen's code only, never on first load.
import QRCode from 'qrcode'
import { Download, Printer } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { downloadBlob } from '@/lib/download-file'
import { showErrorToast } from '@/lib/toast'

/** Medium error correction: the code still reads with a smudge on a printed card. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const

/** A 'data:image/png;base64,…' URL as a file, without fetch (the app's CSP limits connect-src). */
function pngBlob(dataUrl: string): Blob {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) =>
    c.charCodeAt(0),
  )
  return new Blob([bytes], { type: 'image/png' })
}

const fileName = (name: string) =>
  `${
    name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'review'
  }-review-qr`

/** Only the card when the owner prints this screen ('Print card' or the browser's own print). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-print-card], [data-print-card] * { visibility: visible; }
  [data-print-card] { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`

export function QrCard({ name, url, sample }: { name: string; url: string; sample: boolean }) {
  const [svg, setSvg] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let current = true
    QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }).then(
      (made) => current && setSvg(made),
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [url])

  if (failed) return <p className="text-sm text-destructive">Could not draw the QR code.</p>
  const svgSrc = svg ? `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` : null
  // The PNG is drawn (on a canvas, 1024 px for print) only when the owner asks for it.
  const downloadPng = async () => {
    try {
      const png = await QRCode.toDataURL(url, { ...QR_OPTIONS, width: 1024 })
      downloadBlob(`${fileName(name)}.png`, pngBlob(png))
    } catch {
      showErrorToast('Could not make the PNG: download the SVG instead.')
    }
  }
  return (
    <div className="grid gap-4">
      <style>{PRINT_CSS}</style>
      <figure
        data-print-card=""
        aria-label="Printable review card"
        className="mx-auto grid w-full max-w-xs justify-items-center gap-3 rounded-xl border bg-white p-6 text-center text-neutral-900 shadow-sm"
      >
        <p className="text-lg font-semibold break-words">{name}</p>
        <p className="text-sm">Review us on Google</p>
        {svgSrc ? (
          <img src={svgSrc} alt="QR code of your Google review link" className="size-48" />
        ) : (
          <div aria-hidden="true" className="size-48 animate-pulse rounded bg-neutral-100" />
        )}
        <figcaption className="text-xs break-all text-neutral-600">{url}</figcaption>
        {sample ? (
          <p className="text-xs font-medium text-neutral-600">Sample: not a real Google link</p>
        ) : null}
      </figure>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!svg}
          onClick={() => {
            if (svg)
              downloadBlob(`${fileName(name)}.svg`, new Blob([svg], { type: 'image/svg+xml' }))
          }}
        >
          <Download aria-hidden="true" />
          Download SVG
        </Button>
        <Button variant="outline" size="sm" disabled={!svg} onClick={() => void downloadPng()}>
          <Download aria-hidden="true" />
          Download PNG
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print card
        </Button>
      </div>
    </div>
  )
}
