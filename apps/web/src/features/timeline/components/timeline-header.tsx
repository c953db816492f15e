import { memo, type ReactNode } from 'react';
import { dayNumber } from '@meridian/domain';
import { dayToX, isoOfDay, scaleWidth, weekdayOf, type DayScale } from '../layout/day-scale';

interface TimelineHeaderProps {
  scale: DayScale;
  /** The rendered window of days (day numbers, inclusive). */
  firstDay: number;
  lastDay: number;
  today: number;
  nameWidth: number;
  corner: ReactNode;
}

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const WEEKDAY_LETTERS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Day number of the first of the month after `day`'s month. */
function nextMonthStart(day: number): number {
  const [y, m] = isoOfDay(day).split('-').map(Number) as [number, number];
  return dayNumber(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01`);
}

/**
 * The sticky date header: month names above, days below. Wide days show the
 * weekday and date; narrow ones (quarter zoom) only the date of each Monday.
 * Only the rendered window of days is drawn.
 */
export const TimelineHeader = memo(function TimelineHeader(props: TimelineHeaderProps) {
  const { scale, firstDay, lastDay, today, nameWidth } = props;
  const dw = scale.dayWidth;
  const months: ReactNode[] = [];
  for (let start = firstDay; start <= lastDay;) {
    const monthStart = dayNumber(`${isoOfDay(start).slice(0, 7)}-01`);
    const next = nextMonthStart(start);
    const from = Math.max(monthStart, scale.firstDay);
    const left = nameWidth + dayToX(scale, from);
    months.push(
      <div key={monthStart} className="tl-month" style={{ left, width: (next - from) * dw }}>
        <span className="tl-month-label" style={{ left: nameWidth }}>
          {MONTH_FORMAT.format(new Date(monthStart * 86_400_000))}
        </span>
      </div>,
    );
    start = next;
  }
  const days: ReactNode[] = [];
  const isNarrow = dw < 18;
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = weekdayOf(day);
    if (isNarrow && weekday !== 1 && day !== today) continue;
    const date = Number(isoOfDay(day).slice(8));
    const classes = ['tl-day'];
    if (weekday === 0 || weekday === 6) classes.push('tl-weekend');
    if (day === today) classes.push('tl-today');
    if (isNarrow && day !== today) classes.push('tl-week-start');
    const width = isNarrow && day !== today ? 7 * dw : dw;
    days.push(
      <div
        key={day}
        className={classes.join(' ')}
        style={{ left: nameWidth + dayToX(scale, day), width }}
        title={day === today ? 'Today' : undefined}
      >
        {isNarrow ? (
          day === today ? null : (
            date
          )
        ) : (
          <>
            <span>{dw >= 60 ? WEEKDAY_NAMES[weekday] : WEEKDAY_LETTERS[weekday]}</span>
            <span>{date}</span>
          </>
        )}
      </div>,
    );
  }
  return (
    <div className="tl-header" style={{ width: nameWidth + scaleWidth(scale) }}>
      <div className="tl-corner" style={{ width: nameWidth }}>
        {props.corner}
      </div>
      {months}
      {days}
    </div>
  );
});
