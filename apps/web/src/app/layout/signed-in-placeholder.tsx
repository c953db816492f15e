import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Menu from '@mui/icons-material/Menu';
import { DRAWER_WIDTH } from '@meridian/domain';
import { PageHeader } from '../../components/page-header';

/**
 * A signed-in screen while the chrome's code loads: the top bar with the
 * screen's title, the drawer's place on a wide screen, and the page's heading
 * above a loading bar, laid out as app-shell.tsx lays out the real ones. The
 * build also paints it from the HTML before any script
 * (src/prerender/signed-in-markup.tsx), so the heading a phone sees first is
 * the one the screen keeps. It holds nothing to press: the real controls come
 * with the chrome.
 */
export function SignedInPlaceholder({ title }: { title: string }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ px: { xs: 1 } }}>
          {/* Where the drawer toggle will be, the size of its icon button. */}
          <Box
            aria-hidden
            sx={{
              display: 'flex',
              p: { xs: 0.75, sm: 1 },
              mr: { xs: 0.5, sm: 2 },
              ml: { xs: 0, sm: -1.5 },
            }}
          >
            <Menu />
          </Box>
          <Typography
            variant="h6"
            component="div"
            noWrap
            sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}
          >
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
        }}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <PageHeader title={title} />
        <LinearProgress aria-label="Loading" />
      </Box>
    </Box>
  );
}
