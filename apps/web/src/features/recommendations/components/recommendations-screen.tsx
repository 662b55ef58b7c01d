import { hasBusinessName, type Business } from '@localseo/shared/business'
import { newlyEarnedBadges, type SeoTask, type TaskStatus } from '@localseo/shared/progress'
import type { Recommendations } from '@localseo/shared/recommendations'
import { CheckCircle2, Sparkles } from 'lucide-react'
import { useRef, useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-error'
import { showToast } from '@/lib/toast'
import { useMayChange } from '@/lib/member-role'
import { useChangeTaskStatus } from '../api/change-task-status'
import {
  GENERATE_FAILED_MESSAGE,
  useGenerateRecommendations,
} from '../api/generate-recommendations'
import { useRecommendations } from '../api/get-recommendations'
import { AchievementsCard } from './achievements-card'
import { JourneyCard } from './journey-card'
import { TaskCompletedDialog, type Completion } from './task-completed-dialog'
import { TaskList } from './task-list'
import { TopTasksCard } from './top-tasks-card'

/** SEO Recommendations (docs/product.md §2): the journey, achievements, top tasks and the task list. */
export function RecommendationsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader
        title="SEO Recommendations"
        description={hasBusinessName(business) ? business.name : undefined}
      />
      {hasBusinessName(business) ? <Recommendations business={business} /> : <BusinessRequired />}
    </section>
  )
}

function Recommendations({ business }: { business: Business }) {
  const query = useRecommendations(business.id)
  if (query.isPending) return <Spinner label="Loading your SEO tasks…" />
  if (query.isError) {
    return <ErrorAlert>Could not load your SEO tasks. Please try again later.</ErrorAlert>
  }
  return <Journey businessId={business.id} data={query.data} />
}

function Journey({ businessId, data }: { businessId: string; data: Recommendations }) {
  const change = useChangeTaskStatus(businessId)
  const generate = useGenerateRecommendations(businessId)
  const [completion, setCompletion] = useState<Completion | null>(null)
  const journeyHeading = useRef<HTMLHeadingElement>(null)
  const mayChange = useMayChange()

  function onChange(task: SeoTask, status: TaskStatus) {
    const before = data.progress
    change.mutate(
      { id: task.id, status },
      {
        onSuccess: ({ task: saved, pointsEarned, progress }) => {
          // docs/product.md §4: completing a task that was not completed opens the modal.
          if (status === 'completed' && task.status !== 'completed') {
            setCompletion({
              task: saved,
              pointsEarned,
              points: progress.points,
              level: progress.level,
              levelUp: progress.level > before.level,
              newBadges: newlyEarnedBadges(before, progress),
            })
          } else if (status === 'pending' && task.status === 'completed') {
            showToast(`Reopened “${saved.title}”: ${Math.abs(pointsEarned)} points taken back.`)
          }
        },
      },
    )
  }

  const actions = { busyId: change.isPending ? change.variables.id : undefined, onChange }
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Work through these tasks to help local customers find you.
        </p>
        {mayChange ? (
          <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
            <Sparkles aria-hidden="true" />
            {generate.isPending ? 'Generating...' : 'Generate New Recommendations'}
          </Button>
        ) : null}
      </div>
      <GenerateStatus generate={generate} />
      {change.isError ? (
        <ErrorAlert>
          {change.error instanceof ApiError
            ? change.error.message
            : 'Could not update the task. Please try again.'}
        </ErrorAlert>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <JourneyCard
            progress={data.progress}
            nextTask={data.tasks.find((task) => task.status === 'pending')}
            headingRef={journeyHeading}
          />
        </div>
        <div className="lg:col-span-2">
          <AchievementsCard badges={data.progress.badges} />
        </div>
      </div>
      <TopTasksCard tasks={data.tasks} {...actions} />
      <TaskList tasks={data.tasks} {...actions} />
      <TaskCompletedDialog
        completion={completion}
        onClose={() => setCompletion(null)}
        returnFocusTo={() => journeyHeading.current}
      />
    </div>
  )
}

function GenerateStatus({ generate }: { generate: ReturnType<typeof useGenerateRecommendations> }) {
  if (generate.isPending) return <Spinner label="Generating new recommendations…" className="p-2" />
  if (generate.isError) {
    // docs/product.md §8's exact text; the server's reason follows when it says something more.
    const reason = generate.error instanceof ApiError ? generate.error.message : ''
    return (
      <ErrorAlert>
        {GENERATE_FAILED_MESSAGE}
        {reason && reason !== GENERATE_FAILED_MESSAGE ? `: ${reason}` : null}
      </ErrorAlert>
    )
  }
  if (generate.isSuccess) {
    const count = generate.data.added.length
    return (
      <Alert variant="info" role="status">
        <CheckCircle2 aria-hidden="true" />
        <AlertDescription>
          {count === 0
            ? 'No new recommendations right now: you already have every task we can suggest.'
            : `Added ${count} new ${count === 1 ? 'recommendation' : 'recommendations'}.`}
        </AlertDescription>
      </Alert>
    )
  }
  return null
}
