import { memo, type ReactNode } from 'react';
import { avoidedSpans, type AvoidedDays } from '../layout/avoided-days';
import { spansInWindow } from '../layout/lanes';
import { scaleWidth, spanBox, type DayScale } from '../layout/day-scale';
import { LANE_HEIGHT, ROW_PADDING } from '../layout/virtual-window';
import type { TimelineBar, TimelineRow } from '../layout/timeline-rows';
import { barLabel, describeBar } from './bar-text';

interface TimelineRowViewProps {
  row: TimelineRow;
  top: number;
  height: number;
  scale: DayScale;
  /** The rendered window of days (day numbers, inclusive). */
  firstDay: number;
  lastDay: number;
  nameWidth: number;
  /** Key of the bar being dragged (drawn faded in its place). */
  draggingKey: string | null;
  /** While dragging: why this row refuses the bar, or null. */
  refusal: string | null;
  /** Where the refusal's text goes (x of the dragged bar; it sticks beside the names when scrolled past). */
  reasonLeft: number;
  canDrag: (bar: TimelineBar) => boolean;
  /** A person row's stated preferences (drawn as a light hatch), if any and if the reader may see them. */
  avoided?: AvoidedDays;
  /** The timeline's one Tab stop when it is in this row (a bar's key or this heading's row key), else null. */
  tabStop: string | null;
  /** The customer's name, short name or initials, whichever fits a width (use-label-fit.ts). */
  fitLabel: (full: string, available: number) => string;
}

/** A small padlock (pinned slot), drawn inline so a bar costs no icon component. */
const LOCK = (
  <svg className="tl-lock" viewBox="0 0 12 12" aria-hidden="true">
    <path d="M3 5V4a3 3 0 0 1 6 0v1h.5c.3 0 .5.2.5.5v5c0 .3-.2.5-.5.5h-7a.5.5 0 0 1-.5-.5v-5c0-.3.2-.5.5-.5H3Zm1.5 0h3V4a1.5 1.5 0 0 0-3 0v1Z" />
  </svg>
);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A section heading's count: people or kits, or the open slots as every screen words them. */
const sectionCount = (row: Extract<TimelineRow, { kind: 'section' }>) =>
  row.section === 'unassigned' ? plural(row.count, 'open slot') : String(row.count);

function rowLabel(row: Exclude<TimelineRow, { kind: 'section' }>): [string, string] {
  const count = row.lanes.reduce((n, lane) => n + lane.length, 0);
  switch (row.kind) {
    case 'open':
      // A kit is not a slot (packages/domain/src/open-slots.ts): its lane counts jobs.
      return [row.label, plural(count, row.slot === 'kit' ? 'job' : 'slot')];
    case 'person':
      return [row.person.name, `${row.person.home_zip} · ${plural(count, 'job')}`];
    case 'kit':
      return [
        row.kit.name,
        row.kit.is_out_for_maintenance
          ? 'In maintenance'
          : `${row.kit.current_location_zip} · ${plural(count, 'job')}`,
      ];
  }
}

/**
 * One row of the timeline: the sticky name cell, leave shading, and the bars
 * of its lanes that fall in the rendered days. Memoised: scrolling inside the
 * rendered window changes none of its props, so it does not re-render.
 */
export const TimelineRowView = memo(function TimelineRowView(props: TimelineRowViewProps) {
  const { row, scale, firstDay, lastDay, nameWidth } = props;
  const width = nameWidth + scaleWidth(scale);
  if (row.kind === 'section') {
    return (
      <div className="tl-row tl-section" style={{ top: props.top, height: props.height, width }}>
        <div className="tl-name">
          <button
            type="button"
            className="tl-section-toggle"
            data-section={row.section}
            data-stop-key={row.key}
            tabIndex={props.tabStop === row.key ? 0 : -1}
            aria-expanded={!row.isCollapsed}
          >
            <span aria-hidden="true">{row.isCollapsed ? '▸' : '▾'}</span>
            {row.label} ({sectionCount(row)})
          </button>
        </div>
      </div>
    );
  }
  const [primary, secondary] = rowLabel(row);
  const content: ReactNode[] = [];
  if (row.kind === 'person' && props.avoided) {
    for (const span of avoidedSpans(props.avoided, firstDay, lastDay)) {
      const box = spanBox(scale, span.startDay, span.endDay);
      content.push(
        <div
          key={`avoided-${span.startDay}`}
          className="tl-avoided"
          data-avoided="true"
          title={`${row.person.name} asked to avoid`}
          style={{ left: nameWidth + box.left, width: box.width }}
        />,
      );
    }
  }
  if (row.kind === 'person') {
    for (const span of spansInWindow(row.leave, firstDay, lastDay)) {
      const box = spanBox(scale, span.startDay, span.endDay);
      content.push(
        <div
          key={`leave-${span.startDay}`}
          className="tl-leave"
          data-leave="true"
          title="Leave"
          style={{ left: nameWidth + box.left, width: box.width }}
        />,
      );
    }
  }
  row.lanes.forEach((lane, laneIndex) => {
    for (const bar of spansInWindow(lane, firstDay, lastDay)) {
      const box = spanBox(scale, bar.startDay, bar.endDay);
      const classes = ['tl-bar', `tl-${bar.slot}`, `tl-${bar.job.phase}`];
      if (bar.holderId === null) classes.push('tl-open');
      if (bar.isPending) classes.push('tl-pending');
      if (bar.key === props.draggingKey) classes.push('tl-dragging');
      const barWidth = Math.max(3, box.width - 2);
      // Too narrow for padding (quarter zoom): the lock is centred; a label only if one fits.
      if (box.width < 26) classes.push('tl-narrow');
      const label = barLabel(bar, barWidth, props.fitLabel);
      if (label.isTight) classes.push('tl-tight');
      const draggable = props.canDrag(bar);
      if (draggable) classes.push('tl-draggable');
      content.push(
        <div
          key={bar.key}
          className={classes.join(' ')}
          data-bar-key={bar.key}
          data-stop-key={bar.key}
          data-focus-key={`bar:${bar.key}`}
          role="button"
          tabIndex={bar.key === props.tabStop ? 0 : -1}
          aria-label={describeBar(bar, label.text)}
          aria-haspopup={draggable ? 'menu' : undefined}
          style={{
            left: nameWidth + box.left + 1,
            width: barWidth,
            top: ROW_PADDING + laneIndex * LANE_HEIGHT + 2,
            height: LANE_HEIGHT - 4,
          }}
        >
          {bar.isPinned && LOCK}
          {label.text && <span className="tl-bar-text">{label.text}</span>}
        </div>,
      );
    }
  });
  return (
    <div
      className={`tl-row tl-${row.kind}-row`}
      data-row-key={row.key}
      style={{ top: props.top, height: props.height, width }}
    >
      <div className="tl-name" style={{ width: nameWidth }}>
        <span className="tl-name-primary" title={primary}>
          {primary}
        </span>
        <span className="tl-name-secondary">{secondary}</span>
      </div>
      {content}
      {props.refusal !== null && (
        <div
          className="tl-refused"
          data-refusal={props.refusal}
          style={{ left: nameWidth, width: scaleWidth(scale) }}
        >
          <span className="tl-reason" style={{ marginLeft: props.reasonLeft, left: nameWidth + 8 }}>
            {props.refusal}
          </span>
        </div>
      )}
    </div>
  );
});
