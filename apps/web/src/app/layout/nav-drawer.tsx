import { NavLink } from 'react-router';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH, type Role } from '@meridian/domain';
import { navEntriesFor } from '../routes/route-access';
import { NAV_ICONS } from './nav-icons';
import { usePrenavigation } from './use-prenavigation';

interface NavDrawerProps {
  role: Role;
  isOpen: boolean;
  /** Temporary (overlay) on small screens, persistent beside the content on wide ones. */
  isOverlay: boolean;
  onClose: () => void;
}

/** The navigation drawer: only the entries the role may open (route-definitions.ts). */
export function NavDrawer({ role, isOpen, isOverlay, onClose }: NavDrawerProps) {
  const { schedule, cancel } = usePrenavigation();
  return (
    <Drawer
      variant={isOverlay ? 'temporary' : 'persistent'}
      open={isOpen}
      onClose={onClose}
      // As an overlay on a phone the drawer is a dialog, which needs a name.
      slotProps={{ paper: { 'aria-label': 'Navigation' } }}
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      <nav aria-label="Main navigation">
        <List>
          {navEntriesFor(role).map((entry) => (
            <ListItem key={entry.path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={entry.path}
                onMouseEnter={() => schedule(entry.path)}
                onFocus={() => schedule(entry.path)}
                onMouseLeave={cancel}
                onBlur={cancel}
                onClick={isOverlay ? onClose : undefined}
                sx={{
                  mx: 1,
                  borderRadius: 1,
                  '&.active': {
                    bgcolor: 'action.selected',
                    '& .MuiListItemIcon-root, & .MuiListItemText-primary': {
                      color: 'primary.main',
                    },
                    '& .MuiListItemText-primary': { fontWeight: 600 },
                  },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {/* eslint-disable-next-line meridian/string-key-injection -- entry.path is a path of the drawer's own route table */}
                  {NAV_ICONS[entry.path]}
                </ListItemIcon>
                <ListItemText primary={entry.navLabel} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </nav>
    </Drawer>
  );
}
