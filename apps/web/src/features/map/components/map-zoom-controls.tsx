import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import { MAX_ZOOM } from '../zoom-gesture';

interface MapZoomControlsProps {
  scale: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
}

/** Zoom in, zoom out and back to the whole country, over the map's top-right corner. */
export function MapZoomControls({ scale, onZoomIn, onZoomOut, onReset }: MapZoomControlsProps) {
  const zoomed = scale > 1.001;
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label="Map zoom"
      sx={{ position: 'absolute', top: 4, right: 4, display: 'flex', flexDirection: 'column' }}
    >
      <Tooltip title="Zoom in" placement="left">
        <span>
          <IconButton
            size="small"
            aria-label="Zoom in"
            onClick={onZoomIn}
            disabled={scale >= MAX_ZOOM - 0.001}
          >
            <Add fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Zoom out" placement="left">
        <span>
          <IconButton size="small" aria-label="Zoom out" onClick={onZoomOut} disabled={!zoomed}>
            <Remove fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Whole country" placement="left">
        <span>
          <IconButton size="small" aria-label="Reset zoom" onClick={onReset} disabled={!zoomed}>
            <ZoomOutMap fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
