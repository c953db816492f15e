import { alpha, styled, type Theme } from '@mui/material/styles';
import { HEADER_HEIGHT } from '../layout/virtual-window';
import { grey } from '@mui/material/colors';

/** The colour of the "published through" line (the today line is the error red). */
export const publishedLineColor = (theme: Theme) => theme.palette.success.main;

/** The past's bars: grey, so they read as done, with dark text (AA on the grey). */
export const pastBarColor = (theme: Theme) =>
  theme.palette.mode === 'dark' ? grey[800] : grey[300];

/** The colour of each slot's bars in the current theme. */
/** The hatch of avoided days (the legend draws the same). */
export const avoidedHatch = (theme: Theme) =>
  `repeating-linear-gradient(45deg, ${alpha(theme.palette.info.main, 0.22)} 0 2px, transparent 2px 7px)`;

export const slotColor = (theme: Theme) => ({
  lead: theme.palette.primary.main,
  data_acq: theme.palette.secondary.main,
  kit: theme.palette.mode === 'dark' ? grey[500] : grey[700],
});

/**
 * The timeline's CSS, written once as classes under one root: a year of bars
 * is thousands of elements over a session of scrolling, and a class per bar
 * costs nothing where an `sx` prop per bar costs a style computation each.
 */
export const TimelineRoot = styled('div')(({ theme }) => {
  const colors = slotColor(theme);
  const paper = theme.palette.background.paper;
  const divider = theme.palette.divider;
  const slotRules = Object.fromEntries(
    Object.entries(colors).flatMap(([slot, color]) => [
      [`& .tl-bar.tl-${slot}`, { background: color, color: theme.palette.getContrastText(color) }],
      [
        `& .tl-bar.tl-${slot}.tl-open`,
        {
          background: alpha(color, 0.1),
          color: theme.palette.text.primary,
          border: `1px dashed ${color}`,
        },
      ],
    ]),
  );
  return {
    position: 'relative',
    border: `1px solid ${divider}`,
    borderRadius: theme.shape.borderRadius,
    background: paper,
    overflow: 'hidden',
    '& .tl-scroll': { overflow: 'auto', position: 'relative', overscrollBehavior: 'contain' },
    '& .tl-content': { position: 'relative' },
    '& .tl-header': {
      position: 'sticky',
      top: 0,
      zIndex: 5,
      height: HEADER_HEIGHT,
      background: paper,
      borderBottom: `1px solid ${divider}`,
    },
    '& .tl-corner': {
      position: 'sticky',
      left: 0,
      zIndex: 6,
      height: HEADER_HEIGHT,
      background: paper,
      borderRight: `1px solid ${divider}`,
      display: 'flex',
      alignItems: 'flex-end',
      padding: theme.spacing(0, 1.5, 0.75),
      boxSizing: 'border-box',
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
    },
    '& .tl-month': {
      position: 'absolute',
      top: 0,
      height: 22,
      borderLeft: `1px solid ${divider}`,
      boxSizing: 'border-box',
    },
    '& .tl-month-label': {
      position: 'sticky',
      display: 'inline-block',
      padding: theme.spacing(0.25, 1),
      ...theme.typography.caption,
      fontWeight: 700,
      whiteSpace: 'nowrap',
    },
    '& .tl-day': {
      position: 'absolute',
      top: 22,
      height: HEADER_HEIGHT - 22,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: 11,
      lineHeight: 1.15,
      color: theme.palette.text.secondary,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
    },
    '& .tl-day.tl-week-start': {
      alignItems: 'flex-start',
      paddingLeft: 3,
      borderLeft: `1px solid ${divider}`,
    },
    '& .tl-day.tl-weekend': { color: theme.palette.text.secondary, fontStyle: 'italic' },
    '& .tl-day.tl-today': { color: theme.palette.error.main, fontWeight: 700 },
    // At quarter zoom today's column is a few pixels wide: a tick instead of a label.
    '& .tl-day.tl-today:empty': {
      top: 'auto',
      bottom: 0,
      height: 6,
      background: theme.palette.error.main,
      borderRadius: '2px 2px 0 0',
    },
    '& .tl-grid-bg': { position: 'absolute', top: 0, pointerEvents: 'none' },
    // Under the bars (same level, earlier in the page), so it never crosses a lock or a name.
    // The days before today, greyed under everything else.
    '& .tl-past-bg': {
      position: 'absolute',
      top: 0,
      pointerEvents: 'none',
      background: alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.08 : 0.05),
    },
    '& .tl-published-line': {
      position: 'absolute',
      top: 0,
      width: 3,
      zIndex: 1,
      background: publishedLineColor(theme),
      pointerEvents: 'none',
    },
    '& .tl-today-line': {
      position: 'absolute',
      top: 0,
      width: 2,
      zIndex: 1,
      background: theme.palette.error.main,
      opacity: 0.7,
      pointerEvents: 'none',
    },
    '& .tl-row': {
      position: 'absolute',
      left: 0,
      boxSizing: 'border-box',
      borderBottom: `1px solid ${divider}`,
    },
    // Opaque, so the day lines do not run through the headings.
    '& .tl-row.tl-section': {
      background: `linear-gradient(${alpha(theme.palette.text.primary, 0.05)}, ${alpha(theme.palette.text.primary, 0.05)}), ${paper}`,
    },
    '& .tl-name': {
      position: 'sticky',
      left: 0,
      zIndex: 4,
      height: '100%',
      boxSizing: 'border-box',
      padding: theme.spacing(0.5, 1.5),
      background: paper,
      borderRight: `1px solid ${divider}`,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'flex-start',
      overflow: 'hidden',
    },
    // A heading may be longer than the name column: it floats over the row, not inside the column.
    '& .tl-section .tl-name': {
      display: 'inline-flex',
      justifyContent: 'center',
      background: 'transparent',
      border: 'none',
      padding: theme.spacing(0, 0.5),
    },
    '& .tl-section-toggle': {
      all: 'unset',
      cursor: 'pointer',
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      ...theme.typography.subtitle2,
      whiteSpace: 'nowrap',
      borderRadius: theme.shape.borderRadius,
      padding: theme.spacing(0.25, 0.5),
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    },
    '& .tl-name-primary': { ...theme.typography.body2, fontWeight: 600, lineHeight: 1.25 },
    '& .tl-name-secondary': { fontSize: 11, lineHeight: 1.2, color: theme.palette.text.secondary },
    '& .tl-name-primary, & .tl-name-secondary': {
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    '& .tl-leave': {
      position: 'absolute',
      top: 0,
      bottom: 0,
      background: `repeating-linear-gradient(135deg, ${alpha(theme.palette.warning.main, 0.28)} 0 5px, ${alpha(theme.palette.warning.main, 0.08)} 5px 10px)`,
      pointerEvents: 'none',
    },
    // Days the physicist asked to avoid: a light hatch, lighter than leave (a wish, not an absence).
    '& .tl-avoided': {
      position: 'absolute',
      top: 0,
      bottom: 0,
      background: avoidedHatch(theme),
      pointerEvents: 'none',
    },
    '& .tl-bar': {
      position: 'absolute',
      zIndex: 1,
      boxSizing: 'border-box',
      borderRadius: 4,
      padding: '0 5px',
      display: 'flex',
      alignItems: 'center',
      gap: 3,
      fontSize: 12,
      lineHeight: 1,
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      cursor: 'default',
      userSelect: 'none',
      boxShadow: theme.shadows[1],
      '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
    },
    '& .tl-bar.tl-draggable': { cursor: 'grab' },
    '& .tl-bar.tl-pending': { opacity: 0.65, backgroundImage: 'none', boxShadow: 'none' },
    '& .tl-bar.tl-dragging': { opacity: 0.3 },
    '& .tl-bar-text': { overflow: 'hidden', textOverflow: 'ellipsis' },
    // A short name or initials (bar-text.ts, barLabel): less padding, so more of a narrow bar reads.
    '& .tl-bar.tl-tight': { padding: '0 2px' },
    '& .tl-bar.tl-narrow': { padding: 0, justifyContent: 'center' },
    '& .tl-lock': { flex: '0 0 auto', width: 11, height: 11, fill: 'currentColor' },
    ...slotRules,
    // Draft: a dashed edge inside the bar (the plan may still move it); published bars are plain.
    '& .tl-bar.tl-draft:not(.tl-open)': {
      outline: `1.5px dashed ${paper}`,
      outlineOffset: -4,
      '&:focus-visible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
    },
    // Past: grey with the slot's colour as an edge; frozen, so it reads as done.
    ...Object.fromEntries(
      Object.entries(colors).map(([slot, color]) => [
        `& .tl-bar.tl-past.tl-${slot}`,
        {
          background: pastBarColor(theme),
          color: theme.palette.text.primary,
          border: 'none',
          borderLeft: `4px solid ${color}`,
          boxShadow: 'none',
        },
      ]),
    ),
    '& .tl-refused': {
      position: 'absolute',
      top: 0,
      bottom: 0,
      zIndex: 2,
      display: 'flex',
      alignItems: 'center',
      pointerEvents: 'none',
      background: `repeating-linear-gradient(135deg, ${alpha(theme.palette.error.main, 0.1)} 0 6px, transparent 6px 12px)`,
    },
    '& .tl-reason': {
      position: 'sticky',
      flex: '0 0 auto',
      maxWidth: 460,
      padding: theme.spacing(0.25, 0.75),
      borderRadius: 4,
      fontSize: 11,
      lineHeight: 1.3,
      background: alpha(paper, 0.92),
      color: theme.palette.error.main,
      border: `1px solid ${alpha(theme.palette.error.main, 0.4)}`,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    '& .tl-target': {
      position: 'absolute',
      zIndex: 3,
      pointerEvents: 'none',
      boxSizing: 'border-box',
      border: `2px solid ${theme.palette.success.main}`,
      background: alpha(theme.palette.success.main, 0.08),
    },
    '& .tl-target.tl-target-refused': {
      borderColor: theme.palette.error.main,
      background: alpha(theme.palette.error.main, 0.08),
    },
    '& .tl-ghost': { zIndex: 4, opacity: 0.9, pointerEvents: 'none', boxShadow: theme.shadows[6] },
  };
});
