import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header';
import { AppearanceTab } from './appearance-tab';
import { MusicTab } from './music-tab';
import { OptimizerTab } from './optimizer-tab';
import { UserManagementTab } from './user-management-tab';

const TABS = [
  { key: 'users', label: 'User Management', Panel: UserManagementTab },
  { key: 'appearance', label: 'Appearance', Panel: AppearanceTab },
  { key: 'music', label: 'Music & Ambience', Panel: MusicTab },
  { key: 'optimizer', label: 'Optimizer', Panel: OptimizerTab },
] as const;

/** /admin: four tabs; the open tab is kept in ?tab= so it survives a reload and can be linked. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === params.get('tab')),
  );
  const active = TABS[index] ?? TABS[0];
  return (
    <>
      <PageHeader title="Admin" />
      <Paper variant="outlined">
        <Tabs
          value={index}
          onChange={(_, next: number) => setParams({ tab: TABS[next]?.key ?? 'users' })}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              label={tab.label}
              id={`admin-tab-${tab.key}`}
              aria-controls={`admin-panel-${tab.key}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`admin-panel-${active.key}`}
          aria-labelledby={`admin-tab-${active.key}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <active.Panel />
        </Box>
      </Paper>
    </>
  );
}
