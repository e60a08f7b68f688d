import { useId, type ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { APPLICATION_STATES, INSIGHTS_DAYS, type ApplicationState, type InsightsAnswer } from '@rxbridge/contracts';
import { stateLabel } from '@rxbridge/domain';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useInsights } from '../api/get-insights';

// Every colour has at least 3:1 contrast against the white card (WCAG 1.4.11, non-text contrast).
const STATE_COLOURS: Record<ApplicationState, string> = {
  INTAKE: '#475569',
  AWAITING_DOCUMENTS: '#b45309',
  AWAITING_PRESCRIBER: '#c2410c',
  SUBMITTED: '#0369a1',
  INFO_REQUESTED: '#a21caf',
  APPROVED: '#047857',
  DENIED: '#be123c',
  SHIPMENT_SCHEDULED: '#4f46e5',
  DELIVERED: '#0f766e',
  REFILL_DUE: '#3f6212',
  RENEWAL_DUE: '#6d28d9',
  CLOSED: '#1e293b',
  CANCELLED: '#9d174d',
};
const APPROVED_COLOUR = STATE_COLOURS.APPROVED;
const DENIED_COLOUR = STATE_COLOURS.DENIED;

/** "2026-11-23" -> "Nov 23" (the days are UTC days). */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * /navigator/insights: three views of the applications' timeline (docs/product.md §8 Navigator
 * console). A chart alone is not accessible: each has a heading and its numbers in text or in a
 * table for screen readers, and the chart itself is hidden from them.
 */
export function InsightsPage() {
  const insights = useInsights();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Insights</h1>
        <p className="mt-1 text-sm text-slate-600">
          Drawn from every application&apos;s timeline. Counts only: no patient is named here.
        </p>
      </div>
      {insights.isError && (
        <LoadFailed title="Failed to load the insights" error={insights.error} fallback="An error occurred" />
      )}
      {insights.isPending && <Spinner className="flex justify-center py-16" label="Loading the insights" />}
      {insights.data && (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <DecisionDays data={insights.data.decisionDays} />
            <DecisionsByProgram data={insights.data.decisionsByProgram} />
          </div>
          <StatesByDay data={insights.data.statesByDay} />
        </>
      )}
    </div>
  );
}

function Section({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {/* The numbers' tables sit in sr-only divs: a table ignores a height below its content, so an
            sr-only table would stretch the page. */}
        {children}
      </section>
    </Card>
  );
}

function DecisionDays({ data }: { data: InsightsAnswer['decisionDays'] }) {
  const id = useId();
  return (
    <Section title="Median days to a decision" id={id}>
      {data.median === null ? (
        <p className="mt-3 text-sm text-slate-600">No application has been decided yet.</p>
      ) : (
        <>
          <p className="mt-3 text-4xl font-bold text-slate-900" data-testid="median-days">
            {plural(data.median, 'day')}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            From first submission to the first approval or denial, over {plural(data.count, 'decided application')}.
          </p>
        </>
      )}
    </Section>
  );
}

function DecisionsByProgram({ data }: { data: InsightsAnswer['decisionsByProgram'] }) {
  const id = useId();
  const approved = data.reduce((n, p) => n + p.approved, 0);
  const denied = data.reduce((n, p) => n + p.denied, 0);
  return (
    <Section title="Approvals and denials by program" id={id} className="lg:col-span-2">
      {data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No decisions yet.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {plural(approved, 'approval')} and {plural(denied, 'denial')} across {plural(data.length, 'program')}.
          </p>
          <div aria-hidden className="mt-4" style={{ height: Math.max(160, data.length * 64 + 60) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
                <CartesianGrid horizontal={false} stroke="#e2e8f0" />
                <XAxis type="number" allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
                <YAxis
                  type="category"
                  dataKey="programName"
                  width={150}
                  tick={{ fill: '#334155', fontSize: 12 }}
                  tickFormatter={(name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name)}
                />
                <Tooltip />
                <Legend wrapperStyle={{ fontSize: 13, color: '#334155' }} />
                <Bar dataKey="approved" name="Approved" fill={APPROVED_COLOUR} isAnimationActive={false} />
                <Bar dataKey="denied" name="Denied" fill={DENIED_COLOUR} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <div className="sr-only">
            <table>
              <caption>Approvals and denials by program</caption>
              <thead>
                <tr>
                  <th scope="col">Program</th>
                  <th scope="col">Approved</th>
                  <th scope="col">Denied</th>
                </tr>
              </thead>
              <tbody>
                {data.map((p) => (
                  <tr key={p.programId ?? 'none'}>
                    <th scope="row">{p.programName}</th>
                    <td>{p.approved}</td>
                    <td>{p.denied}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}

function StatesByDay({ data }: { data: InsightsAnswer['statesByDay'] }) {
  const id = useId();
  // Only the states some application was in during the period: thirteen bands would drown the rest.
  const states = APPLICATION_STATES.filter((s) => data.some((d) => d.counts[s] > 0));
  const rows = data.map((d) => ({ date: d.date, ...d.counts }));
  const today = data.at(-1);
  const todayStates = today ? states.filter((s) => today.counts[s] > 0) : [];
  return (
    <Section title={`Applications by state, last ${INSIGHTS_DAYS} days`} id={id}>
      <p className="mt-1 text-sm text-slate-600" data-testid="states-today">
        {todayStates.length === 0
          ? 'No applications yet.'
          : `Today: ${todayStates.map((s) => `${today!.counts[s]} ${stateLabel(s)}`).join(', ')}.`}
      </p>
      {states.length > 0 && (
        <>
          <div aria-hidden className="mt-4 h-80">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={rows} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis
                  dataKey="date"
                  tickFormatter={dayLabel}
                  minTickGap={24}
                  tick={{ fill: '#334155', fontSize: 12 }}
                />
                <YAxis allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
                <Tooltip labelFormatter={(d) => dayLabel(String(d))} />
                <Legend wrapperStyle={{ fontSize: 13, color: '#334155' }} />
                {states.map((s) => (
                  <Area
                    key={s}
                    type="linear"
                    dataKey={s}
                    name={stateLabel(s)}
                    stackId="states"
                    stroke={STATE_COLOURS[s]}
                    fill={STATE_COLOURS[s]}
                    fillOpacity={0.85}
                    isAnimationActive={false}
                  />
                ))}
              </AreaChart>
            </ResponsiveContainer>
          </div>
          <div className="sr-only">
            <table>
              <caption>Applications in each state at the end of each day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {states.map((s) => (
                    <th key={s} scope="col">
                      {stateLabel(s)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{d.date}</th>
                    {states.map((s) => (
                      <td key={s}>{d.counts[s]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}
