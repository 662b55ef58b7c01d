import type { SeoProgress, SeoTask } from '@localseo/shared/progress'
import { ArrowRight, Trophy } from 'lucide-react'
import type { Ref } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ProgressBar } from './progress-bar'

/** docs/product.md §2 'Your SEO Journey': level, points and the three progress bars. */
export function JourneyCard({
  progress,
  nextTask,
  headingRef,
}: {
  progress: SeoProgress
  /** The first pending task, as a pointer to what to do next. */
  nextTask?: SeoTask
  /** The completed-task dialog returns focus here, where the new points are. */
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const { level, points, completedTasks, inProgressTasks, totalTasks } = progress
  return (
    <Card aria-labelledby="seo-journey-title" role="region" className="h-full">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="seo-journey-title" ref={headingRef} tabIndex={-1} className="outline-none">
            Your SEO Journey
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Complete tasks to earn points, level up and unlock achievements.
          </p>
        </div>
        <div className="flex items-center gap-3 rounded-lg bg-accent px-4 py-2 text-accent-foreground">
          <Trophy aria-hidden="true" className="size-6" />
          <dl className="flex gap-5 text-center">
            <div>
              <dt className="text-xs">Level</dt>
              <dd className="text-2xl font-semibold tabular-nums">{level}</dd>
            </div>
            <div>
              <dt className="text-xs">Points</dt>
              <dd className="text-2xl font-semibold tabular-nums">{points}</dd>
            </div>
          </dl>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ProgressBar
          label="Tasks completed"
          value={progress.completedPercent}
          text={`${completedTasks} of ${totalTasks} (${progress.completedPercent}%)`}
          barClassName="bg-success"
        />
        <ProgressBar
          label="In progress"
          value={progress.inProgressPercent}
          text={`${inProgressTasks} of ${totalTasks} (${progress.inProgressPercent}%)`}
          barClassName="bg-warning"
        />
        <ProgressBar
          label={`Progress to level ${level + 1}`}
          value={progress.nextLevelPercent}
          text={`${progress.levelPoints} / 100 points, ${progress.pointsToNextLevel} to go`}
        />
        {nextTask ? (
          <p className="mt-2 flex items-start gap-2 rounded-lg border border-dashed p-3 text-sm">
            <ArrowRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              <span className="font-medium">Next up: </span>
              {nextTask.title}, worth {nextTask.points} points.
            </span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
