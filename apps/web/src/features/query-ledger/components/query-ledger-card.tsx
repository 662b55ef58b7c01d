import { formatUsd } from '@localseo/shared/geo-grid'
import { monthOf, QUERY_KIND_LABELS, type QueryLedger } from '@localseo/shared/query-ledger'
import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { OptionSelect } from '@/components/option-select'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { formatNumber } from '@/lib/format'
import { useQueryLedger } from '../api/query-ledger'

/** Months the picker offers: this one and the eleven before. */
const MONTHS_BACK = 12

/** 'January 2026' for '2026-01', in the browser's language. */
function monthLabel(month: string) {
  const [year, index] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

function recentMonths(now: Date) {
  return Array.from({ length: MONTHS_BACK }, (_, back) => {
    const value = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)))
    return { value, label: monthLabel(value) }
  })
}

/** Nothing spent reads $0.00; a small sum keeps its tenth of a cent (formatUsd). */
const money = (usd: number | null) =>
  usd === null ? 'Not known' : usd === 0 ? '$0.00' : formatUsd(usd)
const queries = (n: number) => `${formatNumber(n)} ${n === 1 ? 'query' : 'queries'}`

function LedgerTable({ ledger }: { ledger: QueryLedger }) {
  return (
    <Table aria-label={`Search queries in ${monthLabel(ledger.month)}`}>
      <TableHeader>
        <TableRow>
          <TableHead>Used for</TableHead>
          <TableHead className="text-right">Queries</TableHead>
          <TableHead className="text-right">Cost</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {ledger.kinds.map((line) => (
          <TableRow key={line.kind}>
            <TableRowHeader>{QUERY_KIND_LABELS[line.kind]}</TableRowHeader>
            <TableCell className="text-right tabular-nums">{formatNumber(line.queries)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(line.usd)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="font-medium">
          <TableRowHeader>Total</TableRowHeader>
          <TableCell className="text-right tabular-nums">
            {formatNumber(ledger.total.queries)}
          </TableCell>
          <TableCell className="text-right tabular-nums">{money(ledger.total.usd)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  )
}

/** The price each provider's queries are counted at, with where it comes from; or why none. */
function Prices({ ledger }: { ledger: QueryLedger }) {
  const { current, providers } = ledger
  const listed = providers.length
    ? providers
    : current.simulated
      ? []
      : [{ provider: current.provider, price: current.price }]
  return (
    <ul className="grid gap-1">
      {current.simulated ? (
        <li>
          Your checks are simulated right now: simulated checks cost nothing and are not counted.
          Choose a search results provider in API Settings for real positions.
        </li>
      ) : null}
      {listed.map(({ provider, price }) => (
        <li key={provider}>
          {price
            ? `${provider}: ${formatUsd(price.usdPerQuery)} a query, ${price.source}.`
            : `${provider}: no price is known, so its cost is not shown.`}
        </li>
      ))}
    </ul>
  )
}

function Forecast({ forecast }: { forecast: NonNullable<QueryLedger['forecast']> }) {
  return (
    <div className="grid gap-1">
      <p>
        By the end of the month: about {queries(forecast.queries)}, {money(forecast.usd)}.
      </p>
      <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
        {forecast.counts.map((count) => (
          <li key={count}>{count}</li>
        ))}
      </ul>
    </div>
  )
}

function LedgerDetails({ ledger }: { ledger: QueryLedger }) {
  const { budget } = ledger
  return (
    <dl className="grid gap-4 text-sm">
      <div className="grid gap-1">
        <dt className="font-medium">Budget left</dt>
        <dd>
          {queries(budget.left)} of {formatNumber(budget.month)} ({formatNumber(budget.daily)} a day
          × {budget.days} days).
        </dd>
      </div>
      {ledger.forecast ? (
        <div className="grid gap-1">
          <dt className="font-medium">Forecast</dt>
          <dd>
            <Forecast forecast={ledger.forecast} />
          </dd>
        </div>
      ) : null}
      <div className="grid gap-1">
        <dt className="font-medium">Price</dt>
        <dd>
          <Prices ledger={ledger} />
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="font-medium">Keyword volumes</dt>
        <dd>{ledger.volumes.note}</dd>
      </div>
    </dl>
  )
}

/**
 * Settings: the month's search queries per use, their cost at the price in force, the budget left
 * and the forecast from the schedules (issue 34 item 4, docs/decisions/038-query-ledger.md).
 */
export function QueryLedgerCard({ businessId }: { businessId: string }) {
  const [months] = useState(() => recentMonths(new Date()))
  const [month, setMonth] = useState(months[0]!.value)
  const ledger = useQueryLedger(businessId, month)
  return (
    <Card role="region" aria-labelledby="query-ledger-title">
      <CardHeader>
        <CardTitle id="query-ledger-title">Search queries and cost</CardTitle>
        <CardDescription>
          Each search your rank checks and geo-grid scans ask your search results provider is one
          query. A search that fails is not counted. Days are counted in UTC.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="sm:max-w-56">
          <OptionSelect label="Month" value={month} options={months} onChange={setMonth} />
        </div>
        {ledger.isPending ? (
          <Spinner label="Loading your search queries…" />
        ) : ledger.isError ? (
          <ErrorAlert>Could not load your search queries. Please try again later.</ErrorAlert>
        ) : (
          <>
            <LedgerTable ledger={ledger.data} />
            <LedgerDetails ledger={ledger.data} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
