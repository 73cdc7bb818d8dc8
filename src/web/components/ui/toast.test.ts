import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  toastStore,
} from './toast';

describe('notifications (spec constants)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of toastStore.getSnapshot()) toastStore.dismiss(t.id);
    vi.runAllTimers();
    vi.useRealTimers();
  });

  test('the constants are the spec’s: one at a time, 5 s, 50 px swipe, removed 2 s after dismissal', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_REMOVE_DELAY_MS]).toEqual([
      1, 5000, 50, 2000,
    ]);
  });

  test('a new notification replaces the one on screen', () => {
    toastStore.show({ title: 'Premier' });
    toastStore.show({ title: 'Second' });
    expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Second']);
  });

  test('a dismissed notification closes at once and is removed 2 s later', () => {
    const id = toastStore.show({ title: 'Download Started' });
    toastStore.dismiss(id);
    expect(toastStore.getSnapshot()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(toastStore.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  test('listeners hear every change', () => {
    const heard = vi.fn();
    const unsubscribe = toastStore.subscribe(heard);
    const id = toastStore.show({ title: 'x' });
    toastStore.dismiss(id);
    unsubscribe();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
