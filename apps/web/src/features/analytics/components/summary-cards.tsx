import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import type { AnalyticsSummary } from '@meridian/contracts';
import { ALGORITHMS, LONG_TRIP_SHARE_FOR_COST_FLAG, openSlotsText } from '@meridian/domain';
import { asPercent, furthestFromShare, type RoleCount } from '../workload';
import { StatCard } from './stat-card';

const labelOf = (key: string) => ALGORITHMS.find((a) => a.key === key)?.label ?? key;

type Role = 'lead' | 'data_acq';
const ROLE_WORDS: Record<Role, string> = { lead: 'Lead', data_acq: 'Data acq' };
const signed = (value: number) => `${value > 0 ? '+' : '\u2212'}${Math.abs(value).toFixed(1)}`;

/**
 * One role's line of the balance card: the range of jobs a person, the fair
 * share (the mean), and who is furthest from it, so the verdict can be read
 * against the chart below it.
 */
function RoleBalance({
  role,
  stats,
  people,
}: {
  role: Role;
  stats: AnalyticsSummary['workload'][Role];
  people: readonly RoleCount[];
}) {
  const far = furthestFromShare(people, stats.mean);
  return (
    <Box data-testid={`balance-${role}`}>
      {ROLE_WORDS[role]}:{' '}
      {stats.max === 0
        ? 'no jobs yet'
        : `${stats.min} to ${stats.max} jobs a person, fair share ${stats.mean.toFixed(1)}`}
      {far.length > 0 &&
        `; furthest: ${far.map((p) => `${p.name} ${p.jobs} (${signed(p.off)})`).join(', ')}`}
    </Box>
  );
}

/**
 * The headline numbers: coverage, last run, long trips, balance. `people` is
 * each role's physicists with their job counts (for who is furthest from the fair share).
 */
export function SummaryCards({
  summary,
  people,
}: {
  summary: AnalyticsSummary;
  people: Record<Role, readonly RoleCount[]>;
}) {
  const { assigned, total } = summary.job_stats;
  const coverage = total > 0 ? Math.round((assigned / total) * 100) : 0;
  const longShare = asPercent(summary.long_trip_share);
  const imbalanced = (['lead', 'data_acq'] as const).filter(
    (role) => summary.workload[role].is_imbalanced,
  );
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard
          label="Jobs assigned"
          testId="jobs-assigned"
          value={`${assigned} / ${total}`}
          detail={
            total > 0 ? (
              <>
                {coverage}% of jobs have a lead and a data-acq physicist
                <Box data-testid="open-slots">{openSlotsText(summary.open_slots)}</Box>
              </>
            ) : (
              'No jobs loaded'
            )
          }
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard
          label="Last optimisation run"
          testId="last-run"
          value={summary.last_run ? labelOf(summary.last_run.algorithm) : 'None yet'}
          detail={
            summary.last_run
              ? `${new Date(summary.last_run.finished_at).toLocaleString()} · objective ${Math.round(summary.last_run.objective_total).toLocaleString()}`
              : 'Run an optimisation from Assignments'
          }
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard
          label="Long trips (over 400 mi)"
          testId="long-trips"
          value={`${longShare.toFixed(1)}%`}
          detail={
            summary.has_cost_impact ? (
              <Chip
                size="small"
                color="warning"
                label={`Cost impact: above ${LONG_TRIP_SHARE_FOR_COST_FLAG * 100}%`}
              />
            ) : (
              `Within the ${LONG_TRIP_SHARE_FOR_COST_FLAG * 100}% cost threshold`
            )
          }
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard
          label="Workload balance"
          testId="balance"
          value={imbalanced.length === 0 ? 'Balanced' : 'Imbalanced'}
          detail={
            <>
              {(['lead', 'data_acq'] as const).map((role) => (
                <RoleBalance
                  key={role}
                  role={role}
                  stats={summary.workload[role]}
                  people={people[role]}
                />
              ))}
              <Box sx={{ mt: 0.5 }}>
                {imbalanced.length === 0
                  ? 'Both roles within the balance rule: imbalanced only when the spread (σ) exceeds half the fair share and the range exceeds 1 job'
                  : `Imbalanced: ${imbalanced.map((r) => (r === 'lead' ? 'lead' : 'data acquisition')).join(' and ')}`}
              </Box>
            </>
          }
        />
      </Grid>
    </Grid>
  );
}
