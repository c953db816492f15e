import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { HEADER_HEIGHT, rowAt } from '../layout/virtual-window';
import type { TimelineBar } from '../layout/timeline-rows';

/** A drag in progress: the bar and the row under the pointer (-1: none). */
export interface DragState {
  bar: TimelineBar;
  rowIndex: number;
}

interface BarDragOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The floating copy of the bar; its `top` is moved here, outside React, on every pointer move. */
  ghostRef: RefObject<HTMLDivElement | null>;
  offsets: readonly number[];
  canDrag: (bar: TimelineBar) => boolean;
  onDrop: (bar: TimelineBar, rowIndex: number) => void;
}

/** Pixels the pointer must travel before a press becomes a drag (a click stays a click). */
const DRAG_THRESHOLD = 5;
/** Distance from the top or bottom edge at which the grid scrolls by itself. */
const EDGE = 48;
const MAX_SCROLL_STEP = 18;

interface Press {
  bar: TimelineBar;
  pointerId: number;
  startX: number;
  startY: number;
  /** Where in the bar it was grabbed, so the ghost does not jump. */
  grabY: number;
  clientY: number;
  isActive: boolean;
  rowIndex: number;
}

/**
 * Dragging bars between rows with a mouse or pen (a finger scrolls; touch
 * users reassign through the bar's menu). Only the vertical position
 * matters: a reassignment keeps the job's dates. Near the top or bottom
 * edge the grid scrolls by itself so any row can be reached. Escape cancels.
 */
export function useBarDrag(options: BarDragOptions) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const press = useRef<Press | null>(null);
  const justDragged = useRef(false);
  const frame = useRef(0);
  const cleanup = useRef<() => void>(() => {});

  const track = useCallback(() => {
    const current = press.current;
    const scroller = latest.current.scrollRef.current;
    if (!current?.isActive || !scroller) return;
    const rect = scroller.getBoundingClientRect();
    const y = current.clientY - rect.top + scroller.scrollTop - HEADER_HEIGHT;
    const ghost = latest.current.ghostRef.current;
    if (ghost) ghost.style.top = `${y - current.grabY}px`;
    const rowIndex = rowAt(latest.current.offsets, y);
    if (rowIndex !== current.rowIndex) {
      current.rowIndex = rowIndex;
      setDrag({ bar: current.bar, rowIndex });
    }
  }, []);

  const end = useCallback((drop: boolean) => {
    const current = press.current;
    press.current = null;
    cancelAnimationFrame(frame.current);
    cleanup.current();
    if (!current?.isActive) return;
    justDragged.current = true;
    setTimeout(() => (justDragged.current = false), 0);
    setDrag(null);
    if (drop) latest.current.onDrop(current.bar, current.rowIndex);
  }, []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent, bar: TimelineBar) => {
      if (event.button !== 0 || event.pointerType === 'touch') return;
      if (!latest.current.canDrag(bar)) return;
      const barRect = (event.target as HTMLElement)
        .closest('[data-bar-key]')!
        .getBoundingClientRect();
      press.current = {
        bar,
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        grabY: event.clientY - barRect.top,
        clientY: event.clientY,
        isActive: false,
        rowIndex: -1,
      };
      // Near the top or bottom edge, scroll a little every frame while the drag lasts.
      const autoScroll = () => {
        const current = press.current;
        const scroller = latest.current.scrollRef.current;
        if (!current?.isActive || !scroller) return;
        const rect = scroller.getBoundingClientRect();
        const top = rect.top + HEADER_HEIGHT;
        let step = 0;
        if (current.clientY < top + EDGE) step = -Math.min(EDGE, top + EDGE - current.clientY);
        else if (current.clientY > rect.bottom - EDGE)
          step = Math.min(EDGE, current.clientY - (rect.bottom - EDGE));
        if (step !== 0) {
          scroller.scrollTop += Math.round((step / EDGE) * MAX_SCROLL_STEP);
          track();
        }
        frame.current = requestAnimationFrame(autoScroll);
      };
      const move = (e: PointerEvent) => {
        const current = press.current;
        if (!current || e.pointerId !== current.pointerId) return;
        current.clientY = e.clientY;
        if (!current.isActive) {
          const distance = Math.hypot(e.clientX - current.startX, e.clientY - current.startY);
          if (distance < DRAG_THRESHOLD) return;
          current.isActive = true;
          setDrag({ bar: current.bar, rowIndex: -1 });
          frame.current = requestAnimationFrame(autoScroll);
        }
        track();
      };
      const up = (e: PointerEvent) => {
        if (e.pointerId === press.current?.pointerId) end(true);
      };
      const cancel = () => end(false);
      const key = (e: KeyboardEvent) => {
        if (e.key === 'Escape' && press.current?.isActive) {
          e.preventDefault();
          end(false);
        }
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cancel);
      window.addEventListener('keydown', key);
      cleanup.current = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cancel);
        window.removeEventListener('keydown', key);
      };
    },
    [end, track],
  );

  // The ghost mounts with the drag; place it before the first paint.
  useLayoutEffect(() => {
    if (drag) track();
  }, [drag, track]);
  useEffect(() => () => end(false), [end]);

  /** Whether the click that follows a pointer-up ends a drag (and must not open the menu). */
  const wasDrag = useCallback(() => justDragged.current, []);
  return { drag, onPointerDown, wasDrag };
}
