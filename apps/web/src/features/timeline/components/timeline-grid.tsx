import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
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
import {
  isStopInView,
  moveStop,
  NAV_KEYS,
  navIndex,
  stopInView,
  type NavKey,
  type NavView,
} from '../layout/bar-navigation';
import type { DropVerdict } from '../layout/drop-rules';
import type { SectionId, TargetRow, TimelineBar, TimelineRow } from '../layout/timeline-rows';
import {
  HEADER_HEIGHT,
  LANE_HEIGHT,
  rowAt,
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
import { barLabel } from './bar-text';
import { useLabelFit } from './use-label-fit';

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

/** The stop (bar or section heading) an element belongs to. */
const stopOf = (target: EventTarget): HTMLElement | null =>
  (target as HTMLElement).closest<HTMLElement>('[data-stop-key]');

/**
 * The rows and days wholly in view: below the sticky header, right of the
 * sticky names (a pixel of rounding is forgiven).
 */
function viewOf(
  el: HTMLElement,
  offsets: readonly number[],
  scale: DayScale,
  nameWidth: number,
): NavView {
  const top = el.scrollTop;
  const bottom = top + el.clientHeight - HEADER_HEIGHT;
  let firstRow = Math.max(0, rowAt(offsets, top));
  if (offsets[firstRow]! < top - 1) firstRow++;
  let lastRow = rowAt(offsets, Math.max(0, bottom - 1));
  if (lastRow === -1) lastRow = offsets.length - 2;
  if (offsets[lastRow + 1]! > bottom + 1) lastRow--;
  const left = el.scrollLeft;
  const right = left + el.clientWidth - nameWidth;
  return {
    firstRow,
    lastRow,
    firstDay: scale.firstDay + Math.ceil((left - 1) / scale.dayWidth),
    lastDay: scale.firstDay + Math.floor((right + 1) / scale.dayWidth) - 1,
  };
}

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
  // A roving tabindex: the grid is one Tab stop (a bar or heading in view), the arrow keys move within it.
  const nav = useMemo(() => navIndex(rows), [rows]);
  const [tabKey, setTabKey] = useState<string | null>(null);
  const view = useRef<NavView | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const fitLabel = useLabelFit();

  const measureWindow = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const daysWidth = el.clientWidth - nameWidth;
    centerDay.current = scale.firstDay + (el.scrollLeft + daysWidth / 2) / scale.dayWidth;
    const chunkDays = Math.max(7, Math.ceil(daysWidth / scale.dayWidth / 2));
    const shown = viewOf(el, offsets, scale, nameWidth);
    view.current = shown;
    // The Tab stop stays on a bar in view, or on the heading the keyboard is on; otherwise it
    // moves into the view, onto a bar if one is there, so that Tabbing in never scrolls.
    const isFocusInside = el.contains(document.activeElement);
    setTabKey((current) => {
      if (current === null || !nav.where.has(current)) return stopInView(nav, shown);
      if (isStopInView(nav, current, shown) && (isFocusInside || !current.startsWith('section:')))
        return current;
      return stopInView(nav, shown) ?? current;
    });
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
  }, [nameWidth, offsets, scale, nav]);

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

  /**
   * Moves the focus to a stop: scrolls only as far as needed to show its whole
   * row and its bar (the start of a bar longer than the view), then focuses it
   * without the browser's own scrolling, once it is rendered.
   */
  const focusStop = (key: string) => {
    const el = scrollRef.current;
    const at = nav.where.get(key);
    if (!el || !at) return;
    const line = nav.lines[at.line]!;
    const top = offsets[line.rowIndex]!;
    const bottom = offsets[line.rowIndex + 1]!;
    const viewHeight = el.clientHeight - HEADER_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (bottom > el.scrollTop + viewHeight) el.scrollTop = Math.min(top, bottom - viewHeight);
    const bar = line.bars[at.index];
    if (bar) {
      const box = spanBox(scale, bar.startDay, bar.endDay);
      const viewWidth = el.clientWidth - nameWidth;
      const [start, end] = [Math.floor(box.left), Math.ceil(box.left + box.width)];
      if (start < el.scrollLeft) el.scrollLeft = start;
      else if (end > el.scrollLeft + viewWidth) el.scrollLeft = Math.min(start, end - viewWidth);
    }
    setTabKey(key);
    measureWindow();
    const found = el.querySelector<HTMLElement>(`[data-stop-key="${key}"]`);
    if (found) found.focus({ preventScroll: true });
    else pendingFocus.current = key;
  };
  // A stop that was scrolled to but not yet rendered takes the focus once it is.
  useLayoutEffect(() => {
    const key = pendingFocus.current;
    const found = key && scrollRef.current?.querySelector<HTMLElement>(`[data-stop-key="${key}"]`);
    if (!found) return;
    pendingFocus.current = null;
    found.focus({ preventScroll: true });
  });
  const onNavKey = (event: KeyboardEvent<HTMLElement>) => {
    const stop = stopOf(event.target);
    const from = stop?.dataset.stopKey;
    if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const at = nav.where.get(from);
    const bar = at && nav.lines[at.line]!.bars[at.index];
    // Up and Down look for the bar nearest to this one's start (from a heading: the first day in view).
    const day = bar ? bar.startDay : (view.current?.firstDay ?? scale.firstDay);
    const next = moveStop(nav, from, event.key as NavKey, day);
    if (next) focusStop(next);
  };

  const total = offsets[offsets.length - 1] ?? 0;
  const width = nameWidth + scaleWidth(scale);
  const dragBox = drag ? spanBox(scale, drag.bar.startDay, drag.bar.endDay) : null;
  const reasonLeft = dragBox ? dragBox.left + 8 : 0;
  const target = drag ? rows[drag.rowIndex] : undefined;
  const targetVerdict = target && target.kind !== 'section' && judge ? judge(target) : null;

  const tabAt = tabKey === null ? undefined : nav.where.get(tabKey);
  const tabRow = tabAt ? nav.lines[tabAt.line]!.rowIndex : -1;
  const tabBar = tabAt ? nav.lines[tabAt.line]!.bars[tabAt.index] : undefined;
  // Whether the Tab stop is on the page; if not (nothing to focus near the view), the scroller takes the Tab.
  const tabRendered =
    tabRow >= win.rows.first &&
    tabRow <= win.rows.last &&
    (!tabBar || (tabBar.endDay >= win.days.first && tabBar.startDay <= win.days.last));

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
        tabStop={i === tabRow ? tabKey : null}
        fitLabel={fitLabel}
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
          // The details of a focused bar stay while the keyboard scrolls it into view.
          if (hover && hover.anchor !== document.activeElement) hide();
        }}
        data-testid="timeline-scroll"
        role="group"
        aria-label="Timeline"
        tabIndex={tabRendered ? undefined : 0}
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
            if (NAV_KEYS.has(event.key)) return onNavKey(event);
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
          onFocus={(event) => {
            // The roving Tab stop follows the focus, wherever it came from (a click, the arrow keys).
            const key = stopOf(event.target)?.dataset.stopKey;
            if (key) setTabKey(key);
            show(event);
          }}
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
                <span className="tl-bar-text">
                  {barLabel(drag.bar, Math.max(3, dragBox.width - 2), fitLabel).text}
                </span>
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
