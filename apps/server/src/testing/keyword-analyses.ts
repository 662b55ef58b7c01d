// A keyword analysis is a job's (issue 36 item 3): a test app runs no workers, so these run the
// waiting analyses the way the queue's worker would, and read the finished record as the screen does.
import type { KeywordAnalysis } from '@localseo/shared/ai'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import type { KeywordAnalysisRecord } from '@localseo/shared/keywords'
import { runKeywordAnalysis } from '../features/keywords/keyword-analyses.js'
import type { ApiResult } from './api.js'
import type { TestApp } from './app.js'

/** Any of the tests' `apiCaller`s, whatever body type it names. */
type Call = (method: string, path: string, body?: unknown) => Promise<ApiResult<unknown>>

/** The analyses' jobs waiting in the queue, as sent. */
export async function waitingAnalysisJobs(t: Pick<TestApp, 'database'>) {
  const { rows } = await t.database.executeSql(
    `select data from pgboss.job where name = 'keywords.analyse' and state = 'created' order by created_on`,
  )
  return rows.map((row) => row.data as { businessId: string; analysisId: string; userId: string })
}

/** Runs every waiting analysis job once (a finished one is left alone by the job itself). */
export async function runWaitingAnalyses(t: Pick<TestApp, 'database' | 'deps'>) {
  for (const job of await waitingAnalysisJobs(t)) await runKeywordAnalysis(t.deps, job)
}

/**
 * POST /api/keywords/analyse, then its job, then the record: what the screen shows once the
 * analysis is done. `analysis` is the finished result (the test fails if it is not done).
 */
export async function analyseAndFinish(
  t: Pick<TestApp, 'database' | 'deps'>,
  call: Call,
  body: { keyword: string; locationId?: string | null },
): Promise<{ status: number; keyword: KeywordRecord; analysis: KeywordAnalysis; id: string }> {
  const posted = await call('POST', '/api/keywords/analyse', body)
  if (posted.status !== 202) throw new Error(`The analysis answered ${posted.status}.`)
  const started = posted.body as { analysis: KeywordAnalysisRecord; keyword: KeywordRecord }
  await runWaitingAnalyses(t)
  const id = started.analysis.id
  const read = await call('GET', `/api/keywords/analyses/${id}`)
  const { analysis } = read.body as { analysis: KeywordAnalysisRecord }
  if (!analysis.result) throw new Error(`The analysis is ${analysis.status}, not done.`)
  return { status: posted.status, keyword: started.keyword, analysis: analysis.result, id }
}
