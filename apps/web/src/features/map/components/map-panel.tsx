import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MapView } from './map-view';

/** The map as a panel of /analytics, with a way to the full-screen /map. */
export function MapPanel() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Map of the plan">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}
      >
        <Typography variant="h6" component="h2">
          Map
        </Typography>
        <Link component={RouterLink} to="/map">
          Open full screen
        </Link>
      </Stack>
      <MapView maxMapHeight={460} />
    </Paper>
  );
}
