import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import {
  dayToX,
  dayWidthFor,
  scaleWidth,
  spanBox,
  type DayScale,
  type Zoom,
} from '../layout/day-scale';
import type { AvoidedDays } from '../layout/avoided-days';
import type { DropVerdict } from '../layout/drop-rules';
import type { SectionId, TargetRow, TimelineBar, TimelineRow } from '../layout/timeline-rows';
import {
  HEADER_HEIGHT,
  LANE_HEIGHT,
  rowOffsets,
  visibleDays,
  visibleRows,
  type IndexRange,
} from '../layout/virtual-window';
import { GridBackground } from './grid-background';
import { TimelineHeader } from './timeline-header';
import { TimelineRowView } from './timeline-row';
import { TimelineRoot } from './timeline-styles';
import { useBarDrag } from '../hooks/use-bar-drag';

interface TimelineGridProps {
  rows: readonly TimelineRow[];
  /** The days the timeline spans (the width per day follows the zoom and the screen). */
  range: { firstDay: number; dayCount: number };
  zoom: Zoom;
  today: number;
  /** The last published day (its line is drawn at the end of it), or null when nothing is published. */
  publishedThrough: number | null;
  nameWidth: number;
  height: string;
  /** The day to show first (read once, when the grid first has a size). */
  openingDay: number;
  /** A day to bring into view; each new object scrolls again (the Today button). */
  jumpTo: { day: number } | null;
  corner: ReactNode;
  /** The days each physicist asked to avoid, by physicist id (empty for those who may not read them). */
  avoidedBy: ReadonlyMap<number, AvoidedDays>;
  canDrag: (bar: TimelineBar) => boolean;
  /** The judge of drops for one dragged bar (the dropdown's rules for its job and slot). */
  judgeFor: (bar: TimelineBar) => (row: TargetRow) => DropVerdict;
  onDrop: (bar: TimelineBar, verdict: DropVerdict) => void;
  onOpenMenu: (bar: TimelineBar, anchor: HTMLElement) => void;
  onToggleSection: (section: SectionId) => void;
  renderDetails: (bar: TimelineBar) => ReactNode;
}

const ROW_CHUNK = 12;

interface Hover {
  bar: TimelineBar;
  anchor: HTMLElement;
}

/**
 * The virtualised timeline grid: one scrolling box whose content is as large
 * as the whole plan, with only the rows and days near the view rendered,
 * bars absolutely positioned. Row and day windows snap to chunks, so most
 * scroll events change no state at all. The date header and the name column
 * are sticky. Bars are handled by delegation on the content (one set of
 * listeners, not one per bar).
 */
export function TimelineGrid(props: TimelineGridProps) {
  const { rows, range, nameWidth } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const dayWidth = dayWidthFor(props.zoom, Math.max(0, size.width - nameWidth));
  const scale: DayScale = useMemo(
    () => ({ firstDay: range.firstDay, dayCount: range.dayCount, dayWidth }),
    [range.firstDay, range.dayCount, dayWidth],
  );
  const offsets = useMemo(() => rowOffsets(rows), [rows]);
  const barsByKey = useMemo(() => {
    const map = new Map<string, TimelineBar>();
    for (const row of rows)
      if (row.kind !== 'section')
        for (const lane of row.lanes) for (const bar of lane) map.set(bar.key, bar);
    return map;
  }, [rows]);
  const [win, setWin] = useState<{ rows: IndexRange; days: IndexRange }>({
    rows: { first: 0, last: -1 },
    days: { first: range.firstDay, last: range.firstDay - 1 },
  });
  // The day at the middle of the view: kept across zoom changes.
  const centerDay = useRef<number | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);

  const measureWindow = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const daysWidth = el.clientWidth - nameWidth;
    centerDay.current = scale.firstDay + (el.scrollLeft + daysWidth / 2) / scale.dayWidth;
    const chunkDays = Math.max(7, Math.ceil(daysWidth / scale.dayWidth / 2));
    const next = {
      rows: visibleRows(offsets, el.scrollTop, el.clientHeight - HEADER_HEIGHT, ROW_CHUNK),
      days: visibleDays(scale, el.scrollLeft, daysWidth, chunkDays),
    };
    setWin((current) =>
      current.rows.first === next.rows.first &&
      current.rows.last === next.rows.last &&
      current.days.first === next.days.first &&
      current.days.last === next.days.last
        ? current
        : next,
    );
  }, [nameWidth, offsets, scale]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() =>
      setSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A new zoom keeps the same day in the middle of the view.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && centerDay.current !== null) {
      el.scrollLeft =
        (centerDay.current - scale.firstDay) * scale.dayWidth - (el.clientWidth - nameWidth) / 2;
    }
    measureWindow();
  }, [scale, nameWidth, measureWindow]);

  // Bring a day a quarter of the way into the view: the opening day once the
  // grid has a size (later changes of it are ignored: a saved drop must not
  // scroll), then each new jump request (the Today button).
  const placeDay = useCallback(
    (day: number) => {
      const el = scrollRef.current;
      if (!el) return;
      el.scrollLeft = dayToX(scale, day) - (el.clientWidth - nameWidth) / 4;
      measureWindow();
    },
    [scale, nameWidth, measureWindow],
  );
  const hasSize = size.width > 0;
  const { openingDay, jumpTo } = props;
  useLayoutEffect(() => {
    if (hasSize) placeDay(openingDay);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasSize]);
  useLayoutEffect(() => {
    if (jumpTo) placeDay(jumpTo.day);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpTo]);

  const judgeFor = props.judgeFor;
  const { drag, onPointerDown, wasDrag } = useBarDrag({
    scrollRef,
    ghostRef,
    offsets,
    canDrag: props.canDrag,
    onDrop: (bar, rowIndex) => {
      const row = rows[rowIndex];
      if (!row || row.kind === 'section') return;
      props.onDrop(bar, judgeFor(bar)(row));
    },
  });
  const judge = useMemo(() => (drag ? judgeFor(drag.bar) : null), [drag?.bar, judgeFor]); // eslint-disable-line react-hooks/exhaustive-deps

  const barOf = (event: SyntheticEvent): [TimelineBar, HTMLElement] | null => {
    const el = (event.target as HTMLElement).closest<HTMLElement>('[data-bar-key]');
    const bar = el && barsByKey.get(el.dataset.barKey!);
    return bar && el ? [bar, el] : null;
  };
  const show = (event: SyntheticEvent) => {
    const found = drag ? null : barOf(event);
    setHover((current) => {
      if (!found) return null;
      return current?.anchor === found[1] ? current : { bar: found[0], anchor: found[1] };
    });
  };
  const hide = () => setHover(null);

  const total = offsets[offsets.length - 1] ?? 0;
  const width = nameWidth + scaleWidth(scale);
  const dragBox = drag ? spanBox(scale, drag.bar.startDay, drag.bar.endDay) : null;
  const reasonLeft = dragBox ? dragBox.left + 8 : 0;
  const target = drag ? rows[drag.rowIndex] : undefined;
  const targetVerdict = target && target.kind !== 'section' && judge ? judge(target) : null;

  const rendered: ReactNode[] = [];
  for (let i = win.rows.first; i <= win.rows.last; i++) {
    const row = rows[i];
    if (!row) continue;
    const verdict = judge && row.kind !== 'section' ? judge(row) : null;
    rendered.push(
      <TimelineRowView
        key={row.key}
        row={row}
        top={offsets[i]!}
        height={offsets[i + 1]! - offsets[i]!}
        scale={scale}
        firstDay={win.days.first}
        lastDay={win.days.last}
        nameWidth={nameWidth}
        draggingKey={drag?.bar.key ?? null}
        refusal={verdict?.kind === 'refused' ? verdict.reason : null}
        reasonLeft={verdict?.kind === 'refused' ? reasonLeft : 0}
        canDrag={props.canDrag}
        avoided={row.kind === 'person' ? props.avoidedBy.get(row.person.id) : undefined}
      />,
    );
  }

  return (
    <TimelineRoot>
      <div
        ref={scrollRef}
        className="tl-scroll"
        style={{ height: props.height }}
        onScroll={() => {
          measureWindow();
          if (hover) hide();
        }}
        data-testid="timeline-scroll"
      >
        {/* One listener for every bar (thousands of them): the bars are the buttons, this is not. */}
        <div
          role="presentation"
          className="tl-content"
          style={{ width, height: HEADER_HEIGHT + total }}
          onPointerDown={(event) => {
            const found = barOf(event);
            if (found) {
              hide();
              onPointerDown(event, found[0]);
            }
          }}
          onClick={(event) => {
            const toggle = (event.target as HTMLElement).closest<HTMLElement>('[data-section]');
            if (toggle) return props.onToggleSection(toggle.dataset.section as SectionId);
            const found = barOf(event);
            // Every bar opens its menu: "Why this assignment?" is for everyone, reassigning for those who may.
            if (found && !wasDrag()) props.onOpenMenu(...found);
          }}
          onKeyDown={(event) => {
            const found = barOf(event);
            if (!found || (event.key !== 'Enter' && event.key !== ' ')) return;
            event.preventDefault();
            props.onOpenMenu(...found);
          }}
          onContextMenu={(event) => {
            const found = barOf(event);
            if (!found || !props.canDrag(found[0])) return;
            event.preventDefault();
            props.onOpenMenu(...found);
          }}
          onMouseOver={show}
          onMouseLeave={hide}
          onFocus={show}
          onBlur={hide}
        >
          <TimelineHeader
            scale={scale}
            firstDay={win.days.first}
            lastDay={win.days.last}
            today={props.today}
            nameWidth={nameWidth}
            corner={props.corner}
          />
          <div
            className="tl-body"
            style={{ position: 'absolute', top: HEADER_HEIGHT, left: 0, width, height: total }}
          >
            <GridBackground
              scale={scale}
              nameWidth={nameWidth}
              height={total}
              today={props.today}
              publishedThrough={props.publishedThrough}
            />
            {rendered}
            {drag && target && target.kind !== 'section' && targetVerdict && (
              <div
                className={`tl-target${targetVerdict.kind === 'refused' ? ' tl-target-refused' : ''}`}
                style={{
                  top: offsets[drag.rowIndex],
                  height: offsets[drag.rowIndex + 1]! - offsets[drag.rowIndex]!,
                  left: nameWidth,
                  width: scaleWidth(scale),
                }}
              />
            )}
            {drag && dragBox && (
              <div
                ref={ghostRef}
                className={`tl-bar tl-ghost tl-${drag.bar.slot}`}
                style={{
                  left: nameWidth + dragBox.left + 1,
                  width: Math.max(3, dragBox.width - 2),
                  height: LANE_HEIGHT - 4,
                }}
              >
                <span className="tl-bar-text">{drag.bar.job.customer}</span>
              </div>
            )}
          </div>
        </div>
      </div>
      <Popper
        open={hover !== null && hover.anchor.isConnected && !drag}
        anchorEl={hover?.anchor}
        placement="top-start"
        sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}
      >
        <Paper elevation={6} sx={{ p: 1.25, mb: 0.75 }} role="tooltip" data-testid="bar-details">
          {hover && props.renderDetails(hover.bar)}
        </Paper>
      </Popper>
    </TimelineRoot>
  );
}
