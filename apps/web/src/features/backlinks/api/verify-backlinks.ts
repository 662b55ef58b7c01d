// POST /api/backlinks/:id/verify checks one linking page now. "Verify all" is a run on the server
// (issue 30 item 8): POST /api/backlinks/verify-runs starts it (or answers the one going on), the
// newest run is read while it goes on, with the list and stat cards refetched as its results land,
// and Stop ends it. A reload finds the run where the server has got to.
import {
  backlinkSchema,
  backlinkVerifyRunAnswerSchema,
  isActiveVerifyRun,
  type BacklinkVerifyRun,
} from '@localseo/shared/backlinks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkDataKey, verifyRunKey } from './backlink-keys'

/** How often a run going on is read. */
const RUN_POLL_MS = 1_000

async function verifyBacklink(id: string) {
  const response = await apiClient.api.backlinks[':id'].verify.$post({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return backlinkSchema.parse(await response.json())
}

export function useVerifyBacklink(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyBacklink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) }),
  })
}

async function runOf(response: Response): Promise<BacklinkVerifyRun | null> {
  if (!response.ok) throw await toApiError(response)
  return backlinkVerifyRunAnswerSchema.parse(await response.json()).run
}

/** A run that moved since it was last read: its new results are in the list and the cards. */
const moved = (before: BacklinkVerifyRun | null | undefined, after: BacklinkVerifyRun | null) =>
  after !== null &&
  before?.id === after.id &&
  (before.checked !== after.checked || before.status !== after.status)

function useLatestVerifyRun(businessId: string) {
  const queryClient = useQueryClient()
  const key = verifyRunKey(businessId)
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const run = await runOf(await apiClient.api.backlinks['verify-runs'].latest.$get())
      if (moved(queryClient.getQueryData<BacklinkVerifyRun | null>(key), run)) {
        void queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) })
      }
      return run
    },
    refetchInterval: (query) => (isActiveVerifyRun(query.state.data) ? RUN_POLL_MS : false),
  })
}

async function startRun(location: string) {
  const run = await runOf(
    await apiClient.api.backlinks['verify-runs'].$post({ json: { location } }),
  )
  if (!run) throw new Error('The check of your backlinks did not start. Please try again.')
  return run
}

async function stopRun(id: string) {
  return runOf(await apiClient.api.backlinks['verify-runs'][':id'].stop.$post({ param: { id } }))
}

/** What the screen shows of Verify all: the run, once it is started or seen going on, or an error. */
export interface VerifyAllState {
  run: BacklinkVerifyRun | null
  /** A run is going on (on any location): Verify all and the rows' Verify wait for it. */
  active: boolean
  error: string | null
  stopping: boolean
}

/**
 * Verify all of one location: a run going on is shown wherever it was started; an ended one only
 * where it was seen going on, so an old run's result does not greet every visit.
 */
export function useVerifyAll(businessId: string, location: string) {
  const queryClient = useQueryClient()
  const latest = useLatestVerifyRun(businessId)
  const [watched, setWatched] = useState<string | null>(null)
  const setRun = (run: BacklinkVerifyRun | null) =>
    queryClient.setQueryData(verifyRunKey(businessId), run)
  const start = useMutation({ mutationFn: startRun, onSuccess: setRun })
  const stop = useMutation({ mutationFn: stopRun, onSuccess: setRun })
  const run = latest.data ?? null
  const active = isActiveVerifyRun(run)
  // Remembered from the render that first sees it going on (React's "previous renders" pattern).
  if (run && active && run.id !== watched) setWatched(run.id)
  const state: VerifyAllState = {
    run: run && (active || run.id === watched) ? run : null,
    active,
    error: start.error?.message ?? stop.error?.message ?? null,
    stopping: stop.isPending,
  }
  return {
    state,
    starting: start.isPending,
    run: () => {
      stop.reset()
      start.mutate(location)
    },
    stop: () => {
      if (run && active) stop.mutate(run.id)
    },
  }
}
