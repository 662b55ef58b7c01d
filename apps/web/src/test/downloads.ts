import { vi } from 'vitest'

/**
 * Catches what a screen downloads through a temporary link (lib/download-file.ts): the file names
 * and contents, instead of a browser download. The spies end with the test (restoreMocks).
 */
export function captureDownloads() {
  const names: string[] = []
  const blobs: Blob[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    blobs.push(object as Blob)
    return `blob:download-${blobs.length}`
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download)
  })
  return {
    names,
    /**
     * The text of the first file downloaded (or the one at `index`), once it is: a screen may load
     * its CSV writer when Export is first pressed.
     */
    text: async (index = 0) => {
      await vi.waitFor(() => {
        if (!blobs[index]) throw new Error(`no download ${index + 1} yet`)
      })
      return blobs[index]!.text()
    },
  }
}
