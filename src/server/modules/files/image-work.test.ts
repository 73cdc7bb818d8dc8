import sharp from 'sharp';
import { expect, test } from 'vitest';
import { DomainError } from '../../domain/errors';
import { assertImageSize, MAX_IMAGE_PIXELS, MAX_WAITING, withImageSlot } from './image-work';

test('two of the largest images are decoded at once, MAX_WAITING wait their turn, and the next is turned away with 503 and Retry-After', async () => {
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const total = 2 + MAX_WAITING;
  const jobs = Array.from({ length: total }, (_, i) =>
    withImageSlot(
      () =>
        new Promise<number>((resolve) => {
          started.push(i);
          releases[i] = () => resolve(i);
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 10));
  expect(started).toEqual([0, 1]);

  const refused = await withImageSlot(async () => 'ran').catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).kind).toBe('unavailable');
  expect((refused as DomainError).details.retryAfterSeconds).toBe(5);

  // Each finished job hands its slot to the next in line.
  for (let i = 0; i < total; i++) {
    releases[i]!();
    await new Promise((r) => setTimeout(r, 1));
  }
  const inOrder = Array.from({ length: total }, (_, i) => i);
  expect(await Promise.all(jobs)).toEqual(inOrder);
  expect(started).toEqual(inOrder);
  expect(await withImageSlot(async () => 'free again')).toBe('free again');
});

test('small images are decoded many at once: a burst of receipts does not queue behind itself', async () => {
  let running = 0;
  let most = 0;
  const receipts = Array.from({ length: 40 }, () =>
    withImageSlot(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
      },
      { pixels: 1080 * 2400 },
    ),
  );
  await Promise.all(receipts);
  expect(most).toBe(30); // 80 MP of budget / 2.6 MP each
});

test('a failing job frees its slot', async () => {
  for (let i = 0; i < 5; i++) {
    await expect(withImageSlot(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
  }
  expect(await withImageSlot(async () => 'still works')).toBe('still works');
});

test('the pixel limit is read from the header: a PNG of 8,000 × 5,001 is refused naming its size', async () => {
  const over = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(8000 * 5001).toBeGreaterThan(MAX_IMAGE_PIXELS);
  await expect(assertImageSize(over, 'not an image')).rejects.toThrow(/8000 × 5001 pixels/);
  const under = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await expect(assertImageSize(under, 'not an image')).resolves.toBe(40_000_000);
  await expect(assertImageSize(Buffer.from('GIF89a nonsense'), 'not an image')).rejects.toThrow(
    'not an image',
  );
});

test("the shop's own images wait their turn however long the queue is", async () => {
  const jobs = Array.from({ length: 30 }, (_, i) => withImageSlot(async () => i, { whenBusy: 'wait' }));
  expect(await Promise.all(jobs)).toEqual(Array.from({ length: 30 }, (_, i) => i));
});
