import { memo } from 'react';
import { alpha, useTheme } from '@mui/material/styles';
import { dayToX, scaleWidth, type DayScale } from '../layout/day-scale';

interface GridBackgroundProps {
  scale: DayScale;
  nameWidth: number;
  height: number;
  today: number;
  publishedThrough: number | null;
}

/**
 * Day lines, weekend shading and the past's grey as CSS gradients on one
 * element (a year of days costs no DOM at all), then the today line and the
 * "published through" line at the end of the last published day. The scale starts on a Monday,
 * so the weekend is the sixth and seventh day of every 7-day tile. At quarter
 * zoom, where a day is a few pixels, only week lines are drawn.
 */
export const GridBackground = memo(function GridBackground(props: GridBackgroundProps) {
  const { scale, nameWidth, height, today, publishedThrough } = props;
  const theme = useTheme();
  const dw = scale.dayWidth;
  const line = theme.palette.divider;
  const weekend = alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.06 : 0.035);
  const week = 7 * dw;
  const layers = [
    `linear-gradient(to right, ${line} 1px, transparent 1px)`,
    `linear-gradient(to right, transparent ${5 * dw}px, ${weekend} ${5 * dw}px)`,
  ];
  const sizes = [`${dw >= 12 ? dw : week}px 100%`, `${week}px 100%`];
  const inRange = (day: number) => day >= scale.firstDay && day < scale.firstDay + scale.dayCount;
  const pastWidth = Math.max(0, Math.min(dayToX(scale, today), scaleWidth(scale)));
  return (
    <>
      <div
        className="tl-past-bg"
        style={{ left: nameWidth, width: pastWidth, height }}
        data-testid="past-shade"
      />
      <div
        className="tl-grid-bg"
        style={{
          left: nameWidth,
          width: scaleWidth(scale),
          height,
          backgroundImage: layers.join(','),
          backgroundSize: sizes.join(','),
        }}
      />
      {inRange(today) && (
        <div
          className="tl-today-line"
          data-testid="today-line"
          style={{ left: nameWidth + dayToX(scale, today) + Math.floor(dw / 2) - 1, height }}
        />
      )}
      {publishedThrough !== null && inRange(publishedThrough) && (
        <div
          className="tl-published-line"
          data-testid="published-line"
          style={{ left: nameWidth + dayToX(scale, publishedThrough + 1) - 2, height }}
        />
      )}
    </>
  );
});
