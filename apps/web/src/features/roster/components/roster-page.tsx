import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { KitsPanel } from './kits-panel';
import { LeavePanel } from './leave-panel';
import { PhysicistsPanel } from './physicists-panel';

const TABS = [
  { key: 'physicists', label: 'Physicists', Panel: PhysicistsPanel },
  { key: 'kits', label: 'Kits', Panel: KitsPanel },
  { key: 'unavailability', label: 'Unavailability', Panel: LeavePanel },
] as const;

/** /roster: the people, kits and leave records the schedule is built from (admin, manager). */
export function RosterPage() {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === params.get('tab')),
  );
  const active = TABS[index] ?? TABS[0];
  return (
    <>
      <PageHeader title="Roster" />
      <Paper variant="outlined">
        <Tabs
          value={index}
          onChange={(_, next: number) => setParams({ tab: TABS[next]?.key ?? 'physicists' })}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((tab) => (
            <Tab key={tab.key} label={tab.label} id={`roster-tab-${tab.key}`} />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          aria-labelledby={`roster-tab-${active.key}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <active.Panel />
        </Box>
      </Paper>
    </>
  );
}
