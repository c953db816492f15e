import type { ReactElement } from 'react';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import BarChart from '@mui/icons-material/BarChart';
import EventBusy from '@mui/icons-material/EventBusy';
import EventNote from '@mui/icons-material/EventNote';
import Groups from '@mui/icons-material/Groups';
import InboxIcon from '@mui/icons-material/Inbox';
import Info from '@mui/icons-material/InfoOutlined';
import Inventory from '@mui/icons-material/Inventory2';
import MapIcon from '@mui/icons-material/Map';
import Storage from '@mui/icons-material/Storage';
import ViewTimeline from '@mui/icons-material/ViewTimeline';
import ViewList from '@mui/icons-material/ViewList';

/** The drawer icon of each screen, keyed by path. */
export const NAV_ICONS: Record<string, ReactElement> = {
  '/my-schedule': <EventNote />,
  '/import': <Storage />,
  '/schedule': <ViewList />,
  '/assignments': <Assignment />,
  '/timeline': <ViewTimeline />,
  '/kits': <Inventory />,
  '/analytics': <BarChart />,
  '/map': <MapIcon />,
  '/unavailability': <EventBusy />,
  '/roster': <Groups />,
  '/requests': <InboxIcon />,
  '/about': <Info />,
  '/admin': <AdminPanelSettings />,
};
