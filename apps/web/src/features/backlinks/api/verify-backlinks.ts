// POST /api/backlinks/:id/verify checks one linking page; POST /api/backlinks/verify checks up to 20
// per call (never checked first), so "Verify all" calls again while some remain.
import {
  backlinkSchema,
  backlinkVerifyBatchResultSchema,
  type BacklinkVerifyBatch,
} from '@localseo/shared/backlinks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkDataKey } from './backlink-keys'

async function verifyBacklink(id: string) {
  const response = await apiClient.api.backlinks[':id'].verify.$post({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return backlinkSchema.parse(await response.json())
}

async function verifyBatch(location: string): Promise<BacklinkVerifyBatch> {
  const response = await apiClient.api.backlinks.verify.$post({ json: { location } })
  if (!response.ok) throw await toApiError(response)
  return backlinkVerifyBatchResultSchema.parse(await response.json())
}

export function useVerifyBacklink(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyBacklink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) }),
  })
}

export interface VerifyAllProgress extends BacklinkVerifyBatch {
  running: boolean
  error: string | null
  stopped: boolean
}

const idle: VerifyAllProgress = {
  checked: 0,
  active: 0,
  broken: 0,
  unverifiable: 0,
  unreachable: 0,
  remaining: 0,
  running: false,
  error: null,
  stopped: false,
}

/** Verify all: one batch after another while some remain, adding up the results as they come. */
export function useVerifyAll(businessId: string, location: string) {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<VerifyAllProgress | null>(null)
  const stopRequested = useRef(false)

  async function run() {
    stopRequested.current = false
    let total: VerifyAllProgress = { ...idle, running: true }
    setProgress(total)
    try {
      for (;;) {
        const batch = await verifyBatch(location)
        total = {
          ...total,
          checked: total.checked + batch.checked,
          active: total.active + batch.active,
          broken: total.broken + batch.broken,
          unverifiable: total.unverifiable + batch.unverifiable,
          unreachable: total.unreachable + batch.unreachable,
          remaining: batch.remaining,
        }
        setProgress(total)
        void queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) })
        // A batch that checked nothing would repeat forever; what is left was checked recently.
        if (batch.remaining === 0 || batch.checked === 0) break
        if (stopRequested.current) {
          total = { ...total, stopped: true }
          break
        }
      }
      setProgress({ ...total, running: false })
    } catch (error) {
      setProgress({
        ...total,
        running: false,
        error: error instanceof Error ? error.message : 'Verification failed.',
      })
      void queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) })
    }
  }

  return {
    progress,
    run: () => void run(),
    stop: () => {
      stopRequested.current = true
    },
    reset: () => setProgress(null),
  }
}
