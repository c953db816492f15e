import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
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

/**
 * Zoom in, zoom out and back to the whole country, in a row above the map
 * (over the drawing they hid New England's sites on a phone), with how to zoom
 * by hand.
 */
export function MapZoomControls({ scale, onZoomIn, onZoomOut, onReset }: MapZoomControlsProps) {
  const zoomed = scale > 1.001;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 1, mb: 0.5 }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
        {zoomed
          ? `Zoomed ${scale.toFixed(1)}x: drag to move`
          : 'Zoom with the wheel, a pinch or the buttons'}
      </Typography>
      <Stack direction="row" role="group" aria-label="Map zoom">
        <Tooltip title="Zoom in">
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
        <Tooltip title="Zoom out">
          <span>
            <IconButton size="small" aria-label="Zoom out" onClick={onZoomOut} disabled={!zoomed}>
              <Remove fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Whole country">
          <span>
            <IconButton size="small" aria-label="Reset zoom" onClick={onReset} disabled={!zoomed}>
              <ZoomOutMap fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
